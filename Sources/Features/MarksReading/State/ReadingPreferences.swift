/// How the read-later loop behaves, set on the Settings page: whether reaching the end of the reader
/// view marks a bookmark read, whether archiving marks it read, and where a row's title leads.
public struct ReadingPreferences: Codable, Equatable, Sendable {
    /// Where a row's title opens.
    public enum TitleTarget: String, Codable, Sendable, CaseIterable {
        case page
        case reader

        public var label: String {
            switch self {
            case .page: "The original page"
            case .reader: "The reader view"
            }
        }
    }

    public var markReadAtEnd = true
    public var archiveMarksRead = true
    public var titleOpens = TitleTarget.page

    public init(markReadAtEnd: Bool = true, archiveMarksRead: Bool = true, titleOpens: TitleTarget = .page) {
        self.markReadAtEnd = markReadAtEnd
        self.archiveMarksRead = archiveMarksRead
        self.titleOpens = titleOpens
    }

    /// Missing fields keep their defaults, so a file from an older build still reads.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        markReadAtEnd = try c.decodeIfPresent(Bool.self, forKey: .markReadAtEnd) ?? true
        archiveMarksRead = try c.decodeIfPresent(Bool.self, forKey: .archiveMarksRead) ?? true
        titleOpens = try c.decodeIfPresent(TitleTarget.self, forKey: .titleOpens) ?? .page
    }
}
