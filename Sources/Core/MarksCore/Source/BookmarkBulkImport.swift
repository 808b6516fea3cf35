/// A source's capability to import many Netscape entries at once, in one transaction, with linkding's importer
/// semantics (the embedded store has it). A source without it (a linkding server) is imported entry by entry
/// through `create` and `update`.
///
/// Two steps: the import itself, which hands on the bookmarks of each part as it writes them (so a cache can write
/// them at the same time, in a transaction of its own that commits only once the import has); then `tidy`, which
/// may run while the caller finishes its own work.
public struct BookmarkBulkImport: Sendable {
    /// Where the entries come from: each call gives the next part of them, nil at the end. It may block (the file's
    /// next part is still being read) and it may throw (the file turned out not to be a bookmark file): the import
    /// then changes nothing.
    public typealias Entries = @Sendable () throws -> [NetscapeEntry]?

    /// Receives the bookmarks each part created or updated, as the import's transaction holds them: saved only if
    /// the import then returns. Called on the import's thread, part after part; it may block.
    public typealias Saved = @Sendable ([Bookmark]) -> Void

    private let run: @Sendable (_ entries: @escaping Entries, _ mapPrivateFlag: Bool, _ saved: @escaping Saved) async throws -> ImportResult
    private let tidying: @Sendable (ImportResult) async -> Void

    /// The capability from its two steps.
    public init(_ run: @escaping @Sendable (_ entries: @escaping Entries, _ mapPrivateFlag: Bool, _ saved: @escaping Saved) async throws -> ImportResult,
                tidy: @escaping @Sendable (ImportResult) async -> Void) {
        self.run = run
        self.tidying = tidy
    }

    /// Imports the entries `entries` gives, part by part, in one transaction (`mapPrivateFlag` sets `shared` from
    /// `PRIVATE="0"`), handing each part's saved bookmarks to `saved`; errors are `BookmarkSourceError`.
    public func callAsFunction(_ entries: @escaping Entries, mapPrivateFlag: Bool, saved: @escaping Saved) async throws -> ImportResult {
        try await run(entries, mapPrivateFlag, saved)
    }

    /// What the source does after an import it returned (the embedded store merges its word index): the import is
    /// committed either way, so this never fails.
    public func tidy(after result: ImportResult) async {
        await tidying(result)
    }
}
