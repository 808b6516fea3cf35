import SQLiteDatabase

extension SearchIndex {
    /// Documents a walk of the library must have added for `packIndexes` to be worth its second: a large import's
    /// catch-up, or the first index of a library.
    public static let packAfterAdding = 10_000

    /// How many documents the index holds.
    public func documentCount() throws -> Int {
        try IndexError.wrap { try database.read { try $0.queryOne("SELECT COUNT(*) FROM index_documents")?.int(at: 0) ?? 0 } }
    }

    /// Rebuilds the B-tree indexes over the documents' rows and their tags packed (`REINDEX`). Documents are written
    /// in bookmark-id order, so their rows fill their pages, but the hash, scope and tag indexes receive the same rows
    /// in the random order of their keys and split their pages as they go, leaving them about two-thirds full: at
    /// 100k bookmarks packing them takes about 3 MB off the file (the pages go to its free list, reused by later
    /// writes). Nothing a search reads changes, so the generation stays.
    public func packIndexes() throws {
        try IndexError.wrap { try database.write { try $0.execute("REINDEX index_documents; REINDEX index_tags") } }
    }
}
