import MarksCore

/// Where the highlights another service's export carries go once its bookmarks are saved: MarksReading's highlight
/// store, which sits above this layer and is given to the library by the composition root (nil: none, and the
/// highlights are kept as text in the bookmarks' notes). `LibraryService.importFile` and `previewImport` are its only
/// users.
public struct ImportedHighlightStore: Sendable {
    /// One highlight for a saved bookmark.
    public struct Item: Sendable, Equatable {
        public var bookmarkID: Int
        public var url: String
        public var highlight: ImportedHighlight

        /// A value.
        public init(bookmarkID: Int, url: String, highlight: ImportedHighlight) {
            self.bookmarkID = bookmarkID
            self.url = url
            self.highlight = highlight
        }
    }

    /// What saving them did (or, for a dry run, would do).
    public struct Counts: Sendable, Equatable {
        /// New highlights.
        public var added = 0
        /// Highlights already there (the same bookmark, quote and note): left as they are.
        public var unchanged = 0

        /// Counts.
        public init(added: Int = 0, unchanged: Int = 0) {
            self.added = added
            self.unchanged = unchanged
        }
    }

    /// Saves the items of the source named (`BookmarkSource.identity`) in one transaction, each unless already there;
    /// with `dryRun` only counts. Throws when the store cannot.
    let save: @Sendable (_ source: String, _ items: [Item], _ dryRun: Bool) throws -> Counts
    /// After a save that added some: the bookmarks they were added to (their highlights are searched too).
    let changed: @Sendable (_ bookmarkIDs: [Int]) async -> Void

    /// A store from its two functions.
    public init(save: @escaping @Sendable (_ source: String, _ items: [Item], _ dryRun: Bool) throws -> Counts,
                changed: @escaping @Sendable (_ bookmarkIDs: [Int]) async -> Void = { _ in }) {
        self.save = save
        self.changed = changed
    }
}
