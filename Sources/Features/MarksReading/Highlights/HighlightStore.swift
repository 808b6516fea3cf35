import Foundation
import SQLiteDatabase

/// The highlights and their notes, in `marks.sqlite` (table `highlights`) whatever the bookmark source, and on
/// documents: made from the reader or a document's text, listed per bookmark or document and across the library
/// (newest first, searchable), exported and backed up, and dropped when their bookmark or document is deleted for
/// good (`observer`, `removeAll(documentIDs:)`; the trash keeps them).
public final class HighlightStore: Sendable {
    /// The database the highlights live in.
    public let database: Database
    let now: @Sendable () -> Date

    /// The highlights in `database` (migrations of namespace `highlights` applied), timed by `now`.
    public init(database: Database, now: @escaping @Sendable () -> Date) throws {
        do {
            _ = try database.migrate(namespace: HighlightSchema.namespace, HighlightSchema.migrations)
        } catch {
            throw HighlightError.storage(String(describing: error))
        }
        self.database = database
        self.now = now
    }

    /// Stores `draft` (checked first: `HighlightError` for an empty or oversized one) on bookmark `bookmarkID` of
    /// `source`, whose address is `url`.
    public func add(_ draft: HighlightDraft, source: String, bookmarkID: Int, url: String) throws -> Highlight {
        guard bookmarkID > 0 else { throw HighlightError.storage("bookmark id \(bookmarkID) is not valid") }
        return try insert(draft, on: .bookmark(source: source, id: bookmarkID, url: url))
    }

    /// Stores `draft` (checked first, as above) on document `documentID`.
    public func add(_ draft: HighlightDraft, documentID: UUID) throws -> Highlight {
        try insert(draft, on: .document(documentID))
    }

    private func insert(_ draft: HighlightDraft, on subject: HighlightSubject) throws -> Highlight {
        let checked = try draft.validated()
        let time = now()
        let columns = Self.columns(subject)
        let id = try storage {
            try database.write { connection in
                try connection.queryOne("""
                    INSERT INTO highlights (source, bookmark_id, url, document_id, quote, prefix, suffix, note, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                    """, columns + [.text(checked.anchor.quote),
                          .text(checked.anchor.prefix), .text(checked.anchor.suffix), checked.note.map(SQLValue.text) ?? .null,
                          .real(time.timeIntervalSince1970), .real(time.timeIntervalSince1970)])?.int(at: 0) ?? 0
            }
        }
        return Highlight(id: id, subject: subject, anchor: checked.anchor, note: checked.note, createdAt: time, updatedAt: time)
    }

    /// The columns `source`, `bookmark_id`, `url`, `document_id` of a subject.
    private static func columns(_ subject: HighlightSubject) -> [SQLValue] {
        switch subject {
        case .bookmark(let source, let id, let url): [.text(source), .integer(Int64(id)), .text(url), .null]
        case .document(let id): [.null, .null, .null, .text(id.uuidString.lowercased())]
        }
    }

    /// Rows a request for `source`'s library may see: its bookmarks' and every document's (documents are not per source).
    private static let visible = "(source = ? OR document_id IS NOT NULL)"

    /// Replaces the note of highlight `id` of `source` or of a document (a blank note removes it);
    /// `HighlightError.notFound` when there is none.
    public func updateNote(id: Int, source: String, note: String?) throws -> Highlight {
        let checked = try HighlightDraft.checkedNote(note)
        let time = now().timeIntervalSince1970
        return try storage {
            try database.write { connection in
                guard let row = try connection.queryOne("""
                    UPDATE highlights SET note = ?, updated_at = ? WHERE id = ? AND \(Self.visible) RETURNING *
                    """, [checked.map(SQLValue.text) ?? .null, .real(time), .integer(Int64(id)), .text(source)]) else {
                    throw HighlightError.notFound(id)
                }
                return try Self.highlight(row)
            }
        }
    }

    /// Deletes highlight `id` of `source` or of a document; `HighlightError.notFound` when there is none.
    public func delete(id: Int, source: String) throws {
        try storage {
            try database.write { connection in
                let removed = try connection.run("DELETE FROM highlights WHERE id = ? AND \(Self.visible)", [.integer(Int64(id)), .text(source)])
                if removed == 0 { throw HighlightError.notFound(id) }
            }
        }
    }

    /// Highlight `id` of `source` or of a document, or nil.
    public func highlight(id: Int, source: String) throws -> Highlight? {
        try storage {
            try database.read { connection in
                try connection.queryOne("SELECT * FROM highlights WHERE id = ? AND \(Self.visible)", [.integer(Int64(id)), .text(source)])
                    .map(Self.highlight)
            }
        }
    }

    /// The highlights of one bookmark, in the order they were made.
    public func highlights(source: String, bookmarkID: Int) throws -> [Highlight] {
        try storage {
            try database.read { connection in
                try connection.query(cached: "SELECT * FROM highlights WHERE source = ? AND bookmark_id = ? ORDER BY id",
                                     [.text(source), .integer(Int64(bookmarkID))]).map(Self.highlight)
            }
        }
    }

    /// The highlights of one document, in the order they were made.
    public func highlights(documentID: UUID) throws -> [Highlight] {
        try highlightRows("SELECT * FROM highlights WHERE document_id = ? ORDER BY id", [.text(documentID.uuidString.lowercased())])
    }

    /// The highlights of `source` and of documents, newest first, at most `limit`; with `matching`, only those whose
    /// quote or note holds every one of its words (case folded for ASCII letters).
    public func highlights(source: String, matching words: String? = nil, limit: Int = .max) throws -> [Highlight] {
        let terms = (words ?? "").split(whereSeparator: \.isWhitespace).prefix(16).map(String.init)
        var sql = "SELECT * FROM highlights WHERE \(Self.visible)"
        var arguments: [SQLValue] = [.text(source)]
        for term in terms {
            sql += " AND (quote LIKE ? ESCAPE '\\' OR coalesce(note, '') LIKE ? ESCAPE '\\')"
            let pattern = "%" + Self.escapedForLike(term) + "%"
            arguments += [.text(pattern), .text(pattern)]
        }
        sql += " ORDER BY created_at DESC, id DESC LIMIT ?"
        arguments.append(.integer(Int64(max(0, min(limit, Int(Int64.max))))))
        return try storage {
            try database.read { connection in try connection.query(sql, arguments).map(Self.highlight) }
        }
    }

    /// Moves every highlight of bookmark `from` of `source` to bookmark `to` (restored under a new id); returns how many.
    @discardableResult
    public func move(source: String, from: Int, to: Int) throws -> Int {
        try storage {
            try database.write { connection in
                try connection.run("UPDATE highlights SET bookmark_id = ? WHERE source = ? AND bookmark_id = ?",
                                   [.integer(Int64(to)), .text(source), .integer(Int64(from))])
            }
        }
    }

    /// Drops every highlight of `bookmarkIDs` of `source` (their bookmarks were deleted for good); returns how many.
    @discardableResult
    public func removeAll(source: String, bookmarkIDs: [Int]) throws -> Int {
        guard !bookmarkIDs.isEmpty else { return 0 }
        return try storage {
            try database.write { connection in
                var removed = 0
                for id in Set(bookmarkIDs) {
                    removed += try connection.run("DELETE FROM highlights WHERE source = ? AND bookmark_id = ?", [.text(source), .integer(Int64(id))])
                }
                return removed
            }
        }
    }

    /// Drops every highlight of `documentIDs` (their documents were deleted for good); returns how many.
    @discardableResult
    public func removeAll(documentIDs: [UUID]) throws -> Int {
        guard !documentIDs.isEmpty else { return 0 }
        return try storage {
            try database.write { connection in
                var removed = 0
                for id in Set(documentIDs) {
                    removed += try connection.run("DELETE FROM highlights WHERE document_id = ?", [.text(id.uuidString.lowercased())])
                }
                return removed
            }
        }
    }

    private static func escapedForLike(_ term: String) -> String {
        var out = ""
        for character in term {
            if character == "%" || character == "_" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// Per URL with highlights: how many and when the last was changed.
    func versionRows() throws -> [(url: String, count: Int, last: Double)] {
        try storage {
            try database.read { connection in
                try connection.query("SELECT url, count(*), max(updated_at) FROM highlights WHERE url IS NOT NULL GROUP BY url").map {
                    (try $0.string(at: 0), try $0.int(at: 1), try $0.double(at: 2))
                }
            }
        }
    }

    /// The highlights a query of the table selects (`SELECT * …`).
    func highlightRows(_ sql: String, _ arguments: [SQLValue]) throws -> [Highlight] {
        try storage {
            try database.read { connection in try connection.query(cached: sql, arguments).map(Self.highlight) }
        }
    }

    private static func highlight(_ row: Row) throws -> Highlight {
        let subject: HighlightSubject
        if let document = try row.optionalString("document_id") {
            guard let id = UUID(uuidString: document) else { throw HighlightError.storage("document id \(document) is not a UUID") }
            subject = .document(id)
        } else {
            subject = .bookmark(source: try row.string("source"), id: try row.int("bookmark_id"), url: try row.string("url"))
        }
        return Highlight(id: try row.int("id"), subject: subject,
                         anchor: TextQuote(quote: try row.string("quote"), prefix: try row.string("prefix"), suffix: try row.string("suffix")),
                         note: try row.optionalString("note"), createdAt: Date(timeIntervalSince1970: try row.double("created_at")),
                         updatedAt: Date(timeIntervalSince1970: try row.double("updated_at")))
    }

    /// Runs `body`, turning a database failure into `HighlightError.storage` (a `HighlightError` passes as it is).
    func storage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as HighlightError {
            throw error
        } catch {
            throw HighlightError.storage(String(describing: error))
        }
    }
}
