/// How the read-later loop behaves, set on the Settings page: whether reaching the end of the reader
/// view marks a bookmark read, whether archiving marks it read, and where a row's title leads.
struct ReadingPreferences: Codable, Equatable, Sendable {
    /// Where a row's title opens.
    enum TitleTarget: String, Codable, Sendable, CaseIterable {
        case page
        case reader

        var label: String {
            switch self {
            case .page: "The original page"
            case .reader: "The reader view"
            }
        }
    }

    var markReadAtEnd = true
    var archiveMarksRead = true
    var titleOpens = TitleTarget.page

    init(markReadAtEnd: Bool = true, archiveMarksRead: Bool = true, titleOpens: TitleTarget = .page) {
        self.markReadAtEnd = markReadAtEnd
        self.archiveMarksRead = archiveMarksRead
        self.titleOpens = titleOpens
    }

    /// Missing fields keep their defaults, so a file from an older build still reads.
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        markReadAtEnd = try c.decodeIfPresent(Bool.self, forKey: .markReadAtEnd) ?? true
        archiveMarksRead = try c.decodeIfPresent(Bool.self, forKey: .archiveMarksRead) ?? true
        titleOpens = try c.decodeIfPresent(TitleTarget.self, forKey: .titleOpens) ?? .page
    }
}
