import Foundation
import SQLiteDatabase

/// The `sources`, `source_pages` and `sources_fts` tables: every statement the sources run, each change in one
/// transaction with its full-text row (live sources only are in `sources_fts`).
final class DocumentStore: Sendable {
    let database: Database

    /// The store in `database`, applying its migrations (namespace `sources`).
    init(database: Database) throws {
        try DocumentError.wrap { _ = try database.migrate(namespace: DocumentSchema.namespace, DocumentSchema.migrations) }
        self.database = database
    }

    static let summaryColumns = """
        id, uuid, kind, title, tags, original_filename, media_type, byte_size, sha256, page_count, text_length,
        extraction_note, created_at, modified_at, deleted_at
        """

    /// Inserts a new source (its `number` is ignored) with its pages and full-text row; returns it numbered.
    func insert(_ source: StoredDocument) throws -> StoredDocument {
        try DocumentError.wrap {
            try database.write { connection in
                let s = source.summary
                guard let row = try connection.queryOne("""
                    INSERT INTO sources (uuid, kind, title, tags, body, text_length, original_filename, media_type, byte_size,
                                         sha256, page_count, extraction_note, created_at, modified_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                    """, [.text(s.id.uuidString.lowercased()), .text(s.kind.rawValue), .text(s.title), .text(Self.encodeTags(s.tags)),
                          .text(source.body), .integer(Int64(source.body.count)), s.originalFilename.map(SQLValue.text) ?? .null,
                          s.mediaType.map(SQLValue.text) ?? .null, .integer(Int64(s.byteSize)), .text(s.sha256),
                          s.pageCount.map { .integer(Int64($0)) } ?? .null, s.extractionNote.map(SQLValue.text) ?? .null,
                          .real(s.createdAt.timeIntervalSince1970), .real(s.modifiedAt.timeIntervalSince1970)])
                else { throw DocumentError.storage("no id for the new source") }
                let number = try row.int(at: 0)
                let page = try connection.prepare("INSERT INTO source_pages (source_id, page, text) VALUES (?, ?, ?)")
                for (offset, text) in source.pages.enumerated() {
                    try page.bind([.integer(Int64(number)), .integer(Int64(offset + 1)), .text(text)])
                    try page.run()
                }
                var stored = source
                stored.summary.number = number
                stored.summary.textLength = source.body.count
                try Self.writeFullText(stored, connection: connection)
                return stored
            }
        }
    }

    /// A source by uuid (trashed ones only when `includeDeleted`), with its text and pages.
    func source(id: UUID, includeDeleted: Bool = false) throws -> StoredDocument? {
        try DocumentError.wrap {
            try database.read { connection in
                guard let row = try connection.queryOne(
                    "SELECT \(Self.summaryColumns), body FROM sources WHERE uuid = ?\(includeDeleted ? "" : " AND deleted_at IS NULL")",
                    [.text(id.uuidString.lowercased())])
                else { return nil }
                let summary = try Self.summary(row)
                let pages = try connection.query("SELECT text FROM source_pages WHERE source_id = ? ORDER BY page",
                                                 [.integer(Int64(summary.number))]).map { try $0.string(at: 0) }
                return StoredDocument(summary: summary, body: try row.string("body"), pages: pages)
            }
        }
    }

    /// The source (live or trashed) with this content hash.
    func summary(sha256: String) throws -> DocumentSummary? {
        try DocumentError.wrap {
            try database.read { connection in
                try connection.queryOne("SELECT \(Self.summaryColumns) FROM sources WHERE sha256 = ?", [.text(sha256)]).map(Self.summary)
            }
        }
    }

    /// Live sources (or the trash), newest first.
    func list(deleted: Bool = false) throws -> [DocumentSummary] {
        try DocumentError.wrap {
            try database.read { connection in
                try connection.query("""
                    SELECT \(Self.summaryColumns) FROM sources WHERE deleted_at IS \(deleted ? "NOT NULL" : "NULL")
                    ORDER BY \(deleted ? "deleted_at" : "created_at") DESC, id DESC
                    """).map(Self.summary)
            }
        }
    }

    /// Sources whose uuid starts with `prefix` (lower-case hex and dashes).
    func matching(prefix: String, includeDeleted: Bool) throws -> [DocumentSummary] {
        try DocumentError.wrap {
            try database.read { connection in
                try connection.query("""
                    SELECT \(Self.summaryColumns) FROM sources WHERE substr(uuid, 1, ?) = ?\(includeDeleted ? "" : " AND deleted_at IS NULL")
                    LIMIT 10
                    """, [.integer(Int64(prefix.count)), .text(prefix)]).map(Self.summary)
            }
        }
    }

    /// Applies `update` to a live source; nil when there is none.
    func update(id: UUID, _ update: DocumentUpdate, now: Date) throws -> StoredDocument? {
        try DocumentError.wrap {
            try database.write { connection -> StoredDocument? in
                let uuid = SQLValue.text(id.uuidString.lowercased())
                guard try connection.queryOne("SELECT id FROM sources WHERE uuid = ? AND deleted_at IS NULL", [uuid]) != nil else { return nil }
                if let title = update.title { _ = try connection.run("UPDATE sources SET title = ? WHERE uuid = ?", [.text(title), uuid]) }
                if let tags = update.tags { _ = try connection.run("UPDATE sources SET tags = ? WHERE uuid = ?", [.text(Self.encodeTags(tags)), uuid]) }
                if let body = update.body {
                    _ = try connection.run("UPDATE sources SET body = ?, text_length = ? WHERE uuid = ?",
                                           [.text(body), .integer(Int64(body.count)), uuid])
                    _ = try connection.run("DELETE FROM source_pages WHERE source_id = (SELECT id FROM sources WHERE uuid = ?)", [uuid])
                }
                _ = try connection.run("UPDATE sources SET modified_at = ? WHERE uuid = ?", [.real(now.timeIntervalSince1970), uuid])
                guard let stored = try Self.read(uuid: uuid, connection: connection) else { return nil }
                try Self.writeFullText(stored, connection: connection)
                return stored
            }
        }
    }

    /// Replaces a live source's text and pages (after OCR) and its note; nil when there is no such source.
    func replaceText(id: UUID, pages: [String], note: String?, now: Date) throws -> StoredDocument? {
        try DocumentError.wrap {
            try database.write { connection -> StoredDocument? in
                let uuid = SQLValue.text(id.uuidString.lowercased())
                guard let row = try connection.queryOne("SELECT id FROM sources WHERE uuid = ? AND deleted_at IS NULL", [uuid]) else { return nil }
                let number = SQLValue.integer(Int64(try row.int(at: 0)))
                let body = pages.filter { !$0.isEmpty }.joined(separator: "\n\n")
                _ = try connection.run("UPDATE sources SET body = ?, text_length = ?, extraction_note = ?, modified_at = ? WHERE id = ?",
                                       [.text(body), .integer(Int64(body.count)), note.map(SQLValue.text) ?? .null,
                                        .real(now.timeIntervalSince1970), number])
                _ = try connection.run("DELETE FROM source_pages WHERE source_id = ?", [number])
                let page = try connection.prepare("INSERT INTO source_pages (source_id, page, text) VALUES (?, ?, ?)")
                for (offset, text) in pages.enumerated() {
                    try page.bind([number, .integer(Int64(offset + 1)), .text(text)])
                    try page.run()
                }
                guard let stored = try Self.read(uuid: uuid, connection: connection) else { return nil }
                try Self.writeFullText(stored, connection: connection)
                return stored
            }
        }
    }

    /// Moves a live source to the trash (`at`) or a trashed one back (`nil`); returns it, or nil when there is
    /// no such source in that state.
    func setDeleted(id: UUID, at date: Date?) throws -> StoredDocument? {
        try DocumentError.wrap {
            try database.write { connection -> StoredDocument? in
                let uuid = SQLValue.text(id.uuidString.lowercased())
                let changed = try connection.run("""
                    UPDATE sources SET deleted_at = ? WHERE uuid = ? AND deleted_at IS \(date == nil ? "NOT NULL" : "NULL")
                    """, [date.map { .real($0.timeIntervalSince1970) } ?? .null, uuid])
                guard changed > 0, let stored = try Self.read(uuid: uuid, connection: connection) else { return nil }
                if date == nil {
                    try Self.writeFullText(stored, connection: connection)
                } else {
                    _ = try connection.run("DELETE FROM sources_fts WHERE rowid = ?", [.integer(Int64(stored.summary.number))])
                }
                return stored
            }
        }
    }

    /// Removes a source's row, pages and full text for good; returns what it was.
    func purge(id: UUID) throws -> DocumentSummary? {
        try DocumentError.wrap {
            try database.write { connection -> DocumentSummary? in
                let uuid = SQLValue.text(id.uuidString.lowercased())
                guard let row = try connection.queryOne("SELECT \(Self.summaryColumns) FROM sources WHERE uuid = ?", [uuid]) else { return nil }
                let summary = try Self.summary(row)
                _ = try connection.run("DELETE FROM sources_fts WHERE rowid = ?", [.integer(Int64(summary.number))])
                _ = try connection.run("DELETE FROM sources WHERE id = ?", [.integer(Int64(summary.number))])
                return summary
            }
        }
    }

    /// The uuid of every row, live or trashed (lowercase, as stored).
    func allIDs() throws -> Set<String> {
        try DocumentError.wrap {
            try database.read { connection in
                Set(try connection.query("SELECT uuid FROM sources", []).map { try $0.string("uuid").lowercased() })
            }
        }
    }

    /// Trashed sources deleted before `date`.
    func deleted(before date: Date) throws -> [DocumentSummary] {
        try DocumentError.wrap {
            try database.read { connection in
                try connection.query("SELECT \(Self.summaryColumns) FROM sources WHERE deleted_at < ?",
                                     [.real(date.timeIntervalSince1970)]).map(Self.summary)
            }
        }
    }

    /// Live sources matching every word of `match` (an FTS5 expression), best first (BM25: title > tags >
    /// filename > text).
    func search(match: String, limit: Int) throws -> [DocumentSummary] {
        try DocumentError.wrap {
            try database.read { connection in
                try connection.query("""
                    SELECT \(Self.summaryColumns.split(separator: ",").map { "s." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: ", "))
                    FROM (SELECT rowid AS id, bm25(sources_fts, 10, 6, 1, 4) AS rank FROM sources_fts
                          WHERE sources_fts MATCH ? ORDER BY rank LIMIT ?) f
                    JOIN sources s ON s.id = f.id WHERE s.deleted_at IS NULL ORDER BY f.rank, s.id
                    """, [.text(match), .integer(Int64(limit))]).map(Self.summary)
            }
        }
    }

    private static func read(uuid: SQLValue, connection: Connection) throws -> StoredDocument? {
        guard let row = try connection.queryOne("SELECT \(summaryColumns), body FROM sources WHERE uuid = ?", [uuid]) else { return nil }
        let summary = try Self.summary(row)
        let pages = try connection.query("SELECT text FROM source_pages WHERE source_id = ? ORDER BY page",
                                         [.integer(Int64(summary.number))]).map { try $0.string(at: 0) }
        return StoredDocument(summary: summary, body: try row.string("body"), pages: pages)
    }

    private static func writeFullText(_ source: StoredDocument, connection: Connection) throws {
        let rowid = SQLValue.integer(Int64(source.summary.number))
        _ = try connection.run("DELETE FROM sources_fts WHERE rowid = ?", [rowid])
        _ = try connection.run("INSERT INTO sources_fts (rowid, title, tags, body, filename) VALUES (?, ?, ?, ?, ?)",
                               [rowid, .text(source.summary.title), .text(source.summary.tags.joined(separator: " ")),
                                .text(source.body), .text(source.summary.originalFilename ?? "")])
    }

    static func encodeTags(_ tags: [String]) -> String {
        let quoted = tags.map { tag -> String in
            var out = "\""
            for scalar in tag.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        return "[" + quoted.joined(separator: ",") + "]"
    }

    static func decodeTags(_ json: String) throws -> [String] {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8))
        guard let tags = value as? [String] else { throw DocumentError.storage("tags are not a list of strings") }
        return tags
    }

    static func summary(_ row: Row) throws -> DocumentSummary {
        let uuidText = try row.string("uuid")
        guard let uuid = UUID(uuidString: uuidText) else { throw DocumentError.storage("bad uuid \(uuidText)") }
        let kindText = try row.string("kind")
        guard let kind = DocumentKind(rawValue: kindText) else { throw DocumentError.storage("bad kind \(kindText)") }
        return DocumentSummary(
            id: uuid, number: try row.int("id"), kind: kind, title: try row.string("title"),
            tags: try decodeTags(try row.string("tags")), originalFilename: try row.optionalString("original_filename"),
            mediaType: try row.optionalString("media_type"), byteSize: try row.int("byte_size"), sha256: try row.string("sha256"),
            pageCount: try row.optionalInt("page_count"), textLength: try row.int("text_length"),
            extractionNote: try row.optionalString("extraction_note"),
            createdAt: Date(timeIntervalSince1970: try row.double("created_at")),
            modifiedAt: Date(timeIntervalSince1970: try row.double("modified_at")),
            deletedAt: try row.optionalDouble("deleted_at").map(Date.init(timeIntervalSince1970:)))
    }
}
