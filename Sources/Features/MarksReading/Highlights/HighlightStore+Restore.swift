import Foundation
import SQLiteDatabase

extension HighlightStore {
    /// A highlight as kept elsewhere (a Marks export), for `restore`.
    public struct Restored: Sendable, Equatable {
        /// What it marks: a bookmark (its id and URL in the source given to `restore`) or a document.
        public enum Owner: Sendable, Equatable {
            case bookmark(id: Int, url: String)
            case document(UUID)
        }

        public var owner: Owner
        public var draft: HighlightDraft
        public var createdAt: Date
        public var updatedAt: Date

        /// A highlight on a bookmark; the draft is checked by `restore`.
        public init(bookmarkID: Int, url: String, draft: HighlightDraft, createdAt: Date, updatedAt: Date) {
            self.init(owner: .bookmark(id: bookmarkID, url: url), draft: draft, createdAt: createdAt, updatedAt: updatedAt)
        }

        /// A highlight on `owner`; the draft is checked by `restore`.
        public init(owner: Owner, draft: HighlightDraft, createdAt: Date, updatedAt: Date) {
            self.owner = owner
            self.draft = draft
            self.createdAt = createdAt
            self.updatedAt = updatedAt
        }
    }

    /// Puts back highlights (on bookmarks of `source`, or on documents) with their dates, in one transaction: one
    /// already there (the same bookmark or document, quote and context) takes the note and dates given, so restoring
    /// twice changes nothing. Every draft is checked first (`HighlightError`, nothing written). Returns how many were added.
    @discardableResult
    public func restore(_ items: [Restored], source: String) throws -> Int {
        var checked: [(Restored, HighlightDraft)] = []
        for item in items {
            if case .bookmark(let id, _) = item.owner, id <= 0 { throw HighlightError.storage("bookmark id \(id) is not valid") }
            checked.append((item, try item.draft.validated()))
        }
        return try storage {
            try database.write { connection in
                var added = 0
                for (item, draft) in checked {
                    let anchor: [SQLValue] = [.text(draft.anchor.quote), .text(draft.anchor.prefix), .text(draft.anchor.suffix)]
                    let note = draft.note.map(SQLValue.text) ?? .null
                    let dates: [SQLValue] = [.real(item.createdAt.timeIntervalSince1970), .real(item.updatedAt.timeIntervalSince1970)]
                    let owner: [SQLValue]
                    let existing: Int?
                    switch item.owner {
                    case .bookmark(let id, let url):
                        owner = [.text(source), .integer(Int64(id)), .text(url), .null]
                        existing = try connection.queryOne("""
                            SELECT id FROM highlights WHERE source = ? AND bookmark_id = ? AND quote = ? AND prefix = ? AND suffix = ?
                            ORDER BY id LIMIT 1
                            """, [owner[0], owner[1]] + anchor)?.int(at: 0)
                    case .document(let id):
                        owner = [.null, .null, .null, .text(id.uuidString.lowercased())]
                        existing = try connection.queryOne("""
                            SELECT id FROM highlights WHERE document_id = ? AND quote = ? AND prefix = ? AND suffix = ?
                            ORDER BY id LIMIT 1
                            """, [owner[3]] + anchor)?.int(at: 0)
                    }
                    if let existing {
                        try connection.run("UPDATE highlights SET note = ?, created_at = ?, updated_at = ? WHERE id = ?",
                                           [note] + dates + [.integer(Int64(existing))])
                    } else {
                        try connection.run("""
                            INSERT INTO highlights (source, bookmark_id, url, document_id, quote, prefix, suffix, note, created_at, updated_at)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """, owner + anchor + [note] + dates)
                        added += 1
                    }
                }
                return added
            }
        }
    }
}
