/// How the read-later loop behaves, set on the Settings page: whether reaching the end of the reader
/// view marks a bookmark read, whether archiving marks it read, where a row's title leads, and whether a new save
/// (the Add form, the share page, `marks add`) is unread. Marks is where you read: by default a title opens the
/// reader when the page's text is kept, and a new save waits in Unread. (`/api/` keeps linkding's semantics.)
public struct ReadingPreferences: Codable, Equatable, Sendable {
    /// Where a row's title opens.
    public enum TitleTarget: String, Codable, Sendable, CaseIterable {
        case page
        case reader

        public var label: String {
            switch self {
            case .page: "The original page"
            case .reader: "The reader view, when the page’s text is kept (else the original page)"
            }
        }
    }

    public var markReadAtEnd = true
    public var archiveMarksRead = true
    public var titleOpens = TitleTarget.reader
    public var newSavesUnread = true

    public init(markReadAtEnd: Bool = true, archiveMarksRead: Bool = true, titleOpens: TitleTarget = .reader, newSavesUnread: Bool = true) {
        self.markReadAtEnd = markReadAtEnd
        self.archiveMarksRead = archiveMarksRead
        self.titleOpens = titleOpens
        self.newSavesUnread = newSavesUnread
    }

    /// Missing fields keep their defaults, so a file from an older build still reads.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        markReadAtEnd = try c.decodeIfPresent(Bool.self, forKey: .markReadAtEnd) ?? true
        archiveMarksRead = try c.decodeIfPresent(Bool.self, forKey: .archiveMarksRead) ?? true
        titleOpens = try c.decodeIfPresent(TitleTarget.self, forKey: .titleOpens) ?? .reader
        newSavesUnread = try c.decodeIfPresent(Bool.self, forKey: .newSavesUnread) ?? true
    }
}
