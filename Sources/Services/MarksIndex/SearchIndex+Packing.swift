import SQLiteDatabase

extension SearchIndex {
    /// Rows a run must have added for `pack` to be worth its seconds: a large import's catch-up, the first index of a
    /// library, or the vector run that follows them.
    public static let packAfterAdding = 10_000

    /// How many documents the index holds.
    public func documentCount() throws -> Int {
        try IndexError.wrap { try database.read { try $0.queryOne("SELECT COUNT(*) FROM index_documents")?.int(at: 0) ?? 0 } }
    }

    /// Rewrites the whole database file packed (`VACUUM`), then empties the write-ahead log into it.
    ///
    /// Rows that arrive in the random order of their keys split B-tree pages as they go and leave them about
    /// two-thirds full: the documents' hash, scope and tag indexes after a catch-up, the vectors (keyed by their
    /// text's `ContentHash.key`) after a vector run, and the store's date and title indexes after a large import (the
    /// store shares the file). Rewritten in key order each fills its pages: at 100k bookmarks the file goes from 185
    /// to 175 MB with the vectors, in about 2 s. It holds the writer meanwhile (readers go on reading the old pages);
    /// the copy is built in SQLite's temporary directory, and the log, which receives every page, is truncated
    /// after. Nothing a search reads changes, so the generation stays.
    public func pack() throws {
        try IndexError.wrap {
            try database.writeWithoutTransaction { try $0.execute("VACUUM") }
            try database.checkpoint()
        }
    }

    /// The pages the file uses (its free list not counted): what `pack` makes smaller.
    public func pagesInUse() throws -> Int {
        try IndexError.wrap {
            try database.read { connection in
                let pages = try connection.queryOne("PRAGMA page_count")?.int(at: 0) ?? 0
                let free = try connection.queryOne("PRAGMA freelist_count")?.int(at: 0) ?? 0
                return pages - free
            }
        }
    }
}
