import MarksCore
import SQLiteDatabase

/// Writes one document's passages of one section inside an index write: the old ones out, the new ones in, each with
/// the vector its text already has, if any, and each with its row of `index_passages_fts` (external content, written
/// here with single-row statements, and no `RETURNING`, which SQLite runs as a trigger: see index migration 3).
/// Unchanged passages are left as they are.
struct PassageWriter {
    /// Which text of a document passages were cut from.
    enum Section: String {
        /// The archived page text, or a source's own text (a document's fields are not stored as passages: index
        /// migration 6).
        case page
    }

    let connection: Connection
    let dimension: Int
    private let existing: Statement
    private let deleteSection: Statement
    private let documentTexts: Statement
    private let insert: Statement
    private let vector: Statement
    private let deleteDocument: Statement
    private let addText: Statement
    private let removeText: Statement

    /// A writer for one index write on `connection`: its statements are prepared once, not per document (a catch-up
    /// writes a hundred thousand).
    init(connection: Connection, dimension: Int) throws {
        self.connection = connection
        self.dimension = dimension
        existing = try connection.prepare("""
            SELECT content_hash, range_start, range_end, page, id, text, heading FROM index_passages
            WHERE document_id = ? AND section = ? ORDER BY ordinal
            """)
        deleteSection = try connection.prepare("DELETE FROM index_passages WHERE document_id = ? AND section = ?")
        documentTexts = try connection.prepare("SELECT id, text, heading FROM index_passages WHERE document_id = ?")
        insert = try connection.prepare("""
            INSERT INTO index_passages (document_id, section, ordinal, heading, page, range_start, range_end, text, content_hash)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        vector = try connection.prepare("SELECT vector FROM index_vectors WHERE id = ?")
        deleteDocument = try connection.prepare("DELETE FROM index_passages WHERE document_id = ?")
        addText = try connection.prepare("INSERT INTO index_passages_fts (rowid, text, heading) VALUES (?, ?, ?)")
        removeText = try connection.prepare(
            "INSERT INTO index_passages_fts (index_passages_fts, rowid, text, heading) VALUES ('delete', ?, ?, ?)")
    }

    /// Replaces the document's passages of `section` with `passages` (capped at `SearchIndex.maximumPassages`).
    func replace(document: Int, section: Section, with passages: [Passage], changes: inout [SearchIndex.MatrixChange]) throws {
        let passages = Array(passages.prefix(SearchIndex.maximumPassages))
        let hashes = passages.map { ContentHash.key(SearchIndex.embeddingText(heading: $0.heading ?? "", text: $0.text)) }
        try existing.bind([.integer(Int64(document)), .text(section.rawValue)])
        let stored = try existing.rows()
        existing.reset()
        let same = try stored.count == passages.count && zip(stored, zip(passages, hashes)).allSatisfy { row, new in
            try Int64(row.int(at: 0)) == new.1 && row.int(at: 1) == new.0.range.lowerBound && row.int(at: 2) == new.0.range.upperBound
                && row.optionalInt(at: 3) == new.0.page
        }
        if same { return }
        if !stored.isEmpty {
            try removeTexts(of: stored.map { try ($0.int(at: 4), $0.string(at: 5), $0.string(at: 6)) }, changes: &changes)
            try deleteSection.bind([.integer(Int64(document)), .text(section.rawValue)])
            try deleteSection.run()
        }
        for (passage, hash) in zip(passages, hashes) {
            try insert.bind([.integer(Int64(document)), .text(section.rawValue), .integer(Int64(passage.ordinal)),
                             .text(passage.heading ?? ""), passage.page.map { .integer(Int64($0)) } ?? .null,
                             .integer(Int64(passage.range.lowerBound)), .integer(Int64(passage.range.upperBound)),
                             .text(passage.text), .integer(hash)])
            try insert.run()
            let id = Int(connection.lastInsertRowID)
            try addText.bind([.integer(Int64(id)), .text(passage.text), .text(passage.heading ?? "")])
            try addText.run()
            try vector.bind([.integer(hash)])
            if let stored = try vector.step().flatMap({ QuantizedVector(blob: try $0.blob("vector"), dimension: dimension) }) {
                changes.append(.setPassage(id: id, document: document, vector: stored))
            }
            vector.reset()
        }
    }

    /// Removes every passage of the document.
    func remove(document: Int, changes: inout [SearchIndex.MatrixChange]) throws {
        try documentTexts.bind([.integer(Int64(document))])
        let stored = try documentTexts.rows()
        documentTexts.reset()
        try removeTexts(of: stored.map { try ($0.int(at: 0), $0.string(at: 1), $0.string(at: 2)) }, changes: &changes)
        try deleteDocument.bind([.integer(Int64(document))])
        try deleteDocument.run()
    }

    /// Takes passages' texts out of the full-text index (before their rows are deleted: external content).
    private func removeTexts(of passages: [(id: Int, text: String, heading: String)], changes: inout [SearchIndex.MatrixChange]) throws {
        for (id, text, heading) in passages {
            try removeText.bind([.integer(Int64(id)), .text(text), .text(heading)])
            try removeText.run()
            changes.append(.removePassage(id: id))
        }
    }
}
