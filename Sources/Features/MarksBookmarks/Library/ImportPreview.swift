/// What an import would do, without doing it (`marks import --dry-run`): each entry of the file added, updated
/// (something in the file differs from the stored bookmark), unchanged, or skipped with the reason.
public struct ImportPreview: Sendable, Equatable {
    /// What would happen to one entry.
    public enum Action: String, Sendable, Equatable {
        case add, update, unchanged, skip
    }

    /// One entry (or a skipped one) and its fate; `line` when the file has lines, `reason` for a skip.
    public struct Item: Sendable, Equatable {
        public var action: Action
        public var url: String?
        public var title: String
        public var line: Int?
        public var reason: String?
    }

    /// Every entry in file order (skips the reader found come first by line), then the reader's other problems.
    public var items: [Item]
    /// The reader's problems that skip nothing (an unreadable date, a merged repeat, a trim).
    public var notes: [ImportReport.Problem]
    /// The file's highlights that would be added, and those already there.
    public var highlights = ImportedHighlightStore.Counts()

    /// How many entries would meet `action`.
    public func count(_ action: Action) -> Int {
        items.reduce(0) { $0 + ($1.action == action ? 1 : 0) }
    }
}
