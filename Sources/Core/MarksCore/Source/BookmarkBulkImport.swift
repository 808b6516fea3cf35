/// A source's capability to import many Netscape entries at once, in one transaction, with linkding's importer
/// semantics (the embedded store has it). A source without it (a linkding server) is imported entry by entry
/// through `create` and `update`.
public struct BookmarkBulkImport: Sendable {
    private let run: @Sendable (_ entries: [NetscapeEntry], _ mapPrivateFlag: Bool) async throws -> ImportResult

    /// The capability from its implementation.
    public init(_ run: @escaping @Sendable (_ entries: [NetscapeEntry], _ mapPrivateFlag: Bool) async throws -> ImportResult) {
        self.run = run
    }

    /// Imports `entries` (`mapPrivateFlag` sets `shared` from `PRIVATE="0"`); errors are `BookmarkSourceError`.
    public func callAsFunction(_ entries: [NetscapeEntry], mapPrivateFlag: Bool) async throws -> ImportResult {
        try await run(entries, mapPrivateFlag)
    }
}
