/// A source's capability to import many Netscape entries at once, in one transaction, with linkding's importer
/// semantics (the embedded store has it). A source without it (a linkding server) is imported entry by entry
/// through `create` and `update`.
public struct BookmarkBulkImport: Sendable {
    /// What an import did, and the bookmarks it created or updated as they are stored now (for the cache and the
    /// observers, which then need no walk of the whole library).
    public struct Outcome: Sendable {
        public var result: ImportResult
        public var saved: [Bookmark]

        /// An outcome as given.
        public init(result: ImportResult, saved: [Bookmark]) {
            self.result = result
            self.saved = saved
        }
    }

    /// Where the entries come from: each call gives the next part of them, nil at the end. It may block (the file's
    /// next part is still being read) and it may throw (the file turned out not to be a bookmark file): the import
    /// then changes nothing.
    public typealias Entries = @Sendable () throws -> [NetscapeEntry]?

    private let run: @Sendable (_ entries: @escaping Entries, _ mapPrivateFlag: Bool) async throws -> Outcome

    /// The capability from its implementation.
    public init(_ run: @escaping @Sendable (_ entries: @escaping Entries, _ mapPrivateFlag: Bool) async throws -> Outcome) {
        self.run = run
    }

    /// Imports the entries `entries` gives, part by part, in one transaction (`mapPrivateFlag` sets `shared` from
    /// `PRIVATE="0"`); errors are `BookmarkSourceError`.
    public func callAsFunction(_ entries: @escaping Entries, mapPrivateFlag: Bool) async throws -> Outcome {
        try await run(entries, mapPrivateFlag)
    }
}
