import SQLiteDatabase

extension SearchIndex {
    /// Records that the library holds changes this index has not read (a large import or sync left them to a
    /// catch-up: `LibraryObserver`s write small batches at once, not a hundred thousand bookmarks). The mark is a
    /// count in `index_state` (key `behind`), so a catch-up that started before a newer mark does not clear it.
    public func markBehind() throws {
        try IndexError.wrap {
            try database.write { connection in
                try connection.run("""
                    INSERT INTO index_state (key, value) VALUES ('behind', 1)
                    ON CONFLICT (key) DO UPDATE SET value = value + 1
                    """)
            }
        }
    }

    /// The current mark: 0 when the index has read everything it was told about, else a count that grows with each
    /// `markBehind`.
    public func behindMark() throws -> Int64 {
        try IndexError.wrap {
            try database.read { try $0.queryOne("SELECT value FROM index_state WHERE key = 'behind'")?.int64(at: 0) ?? 0 }
        }
    }

    /// Whether a catch-up is owed.
    public var isBehind: Bool {
        get throws { try behindMark() > 0 }
    }

    /// Clears the mark a finished catch-up started from; a mark set meanwhile stays.
    public func clearBehind(ifStill mark: Int64) throws {
        guard mark > 0 else { return }
        try IndexError.wrap {
            try database.write { try $0.run("DELETE FROM index_state WHERE key = 'behind' AND value = ?", [.integer(mark)]) }
        }
    }
}
