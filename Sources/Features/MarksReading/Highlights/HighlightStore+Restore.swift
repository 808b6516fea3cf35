import Foundation
import SQLiteDatabase

extension HighlightStore {
    /// A highlight as kept elsewhere (a Marks export), for `restore`.
    public struct Restored: Sendable, Equatable {
        public var bookmarkID: Int
        public var url: String
        public var draft: HighlightDraft
        public var createdAt: Date
        public var updatedAt: Date

        /// A value; the draft is checked by `restore`.
        public init(bookmarkID: Int, url: String, draft: HighlightDraft, createdAt: Date, updatedAt: Date) {
            self.bookmarkID = bookmarkID
            self.url = url
            self.draft = draft
            self.createdAt = createdAt
            self.updatedAt = updatedAt
        }
    }

    /// Puts back highlights of `source` with their dates, in one transaction: one already there (the same bookmark,
    /// quote and context) takes the note and dates given, so restoring twice changes nothing. Every draft is checked
    /// first (`HighlightError`, nothing written). Returns how many were added.
    @discardableResult
    public func restore(_ items: [Restored], source: String) throws -> Int {
        var checked: [(Restored, HighlightDraft)] = []
        for item in items {
            guard item.bookmarkID > 0 else { throw HighlightError.storage("bookmark id \(item.bookmarkID) is not valid") }
            checked.append((item, try item.draft.validated()))
        }
        return try storage {
            try database.write { connection in
                var added = 0
                for (item, draft) in checked {
                    let key: [SQLValue] = [.text(source), .integer(Int64(item.bookmarkID)), .text(draft.anchor.quote),
                                           .text(draft.anchor.prefix), .text(draft.anchor.suffix)]
                    let note = draft.note.map(SQLValue.text) ?? .null
                    let dates: [SQLValue] = [.real(item.createdAt.timeIntervalSince1970), .real(item.updatedAt.timeIntervalSince1970)]
                    if let existing = try connection.queryOne("""
                        SELECT id FROM highlights WHERE source = ? AND bookmark_id = ? AND quote = ? AND prefix = ? AND suffix = ?
                        ORDER BY id LIMIT 1
                        """, key)?.int(at: 0) {
                        try connection.run("UPDATE highlights SET note = ?, created_at = ?, updated_at = ? WHERE id = ?",
                                           [note] + dates + [.integer(Int64(existing))])
                    } else {
                        try connection.run("""
                            INSERT INTO highlights (source, bookmark_id, url, quote, prefix, suffix, note, created_at, updated_at)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """, [key[0], key[1], .text(item.url), key[2], key[3], key[4], note] + dates)
                        added += 1
                    }
                }
                return added
            }
        }
    }
}
