import MarksCore
import SQLiteDatabase

/// Writes one document's passages of one section inside an index write: the old ones out (their FTS rows go with
/// them, by trigger), the new ones in, each with the vector its text already has, if any. Unchanged passages are
/// left as they are.
struct PassageWriter {
    /// Which text of a document passages were cut from.
    enum Section: String {
        /// Title, summary, description and notes.
        case fields
        /// The archived page text.
        case page
    }

    let connection: Connection
    let dimension: Int

    /// Whether the document has passages of `section`.
    func has(document: Int, section: Section) throws -> Bool {
        try connection.queryOne("SELECT 1 FROM index_passages WHERE document_id = ? AND section = ? LIMIT 1",
                                [.integer(Int64(document)), .text(section.rawValue)]) != nil
    }

    /// Replaces the document's passages of `section` with `passages` (capped at `SearchIndex.maximumPassages`).
    /// `sharedText`: when the section is one passage, its vector is the one of this text (a bookmark's own
    /// embedding text), so a short bookmark is embedded once, not twice.
    func replace(document: Int, section: Section, with passages: [Passage], sharedText: String? = nil,
                 changes: inout [SearchIndex.MatrixChange]) throws {
        let passages = Array(passages.prefix(SearchIndex.maximumPassages))
        let hashes = passages.count == 1 && sharedText != nil ? [ContentHash.of(sharedText ?? "")]
            : passages.map { ContentHash.of(SearchIndex.embeddingText(heading: $0.heading ?? "", text: $0.text)) }
        let existing = try connection.query(
            "SELECT content_hash, range_start, range_end, page FROM index_passages WHERE document_id = ? AND section = ? ORDER BY ordinal",
            [.integer(Int64(document)), .text(section.rawValue)])
        let same = try existing.count == passages.count && zip(existing, zip(passages, hashes)).allSatisfy { row, new in
            try row.string(at: 0) == new.1 && row.int(at: 1) == new.0.range.lowerBound && row.int(at: 2) == new.0.range.upperBound
                && row.optionalInt(at: 3) == new.0.page
        }
        if same { return }
        for row in try connection.query("DELETE FROM index_passages WHERE document_id = ? AND section = ? RETURNING id",
                                        [.integer(Int64(document)), .text(section.rawValue)]) {
            changes.append(.removePassage(id: try row.int(at: 0)))
        }
        let insert = try connection.prepare("""
            INSERT INTO index_passages (document_id, section, ordinal, heading, page, range_start, range_end, text, content_hash)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """)
        let vector = try connection.prepare("SELECT vector FROM index_vectors WHERE content_hash = ?")
        for (passage, hash) in zip(passages, hashes) {
            try insert.bind([.integer(Int64(document)), .text(section.rawValue), .integer(Int64(passage.ordinal)),
                             .text(passage.heading ?? ""), passage.page.map { .integer(Int64($0)) } ?? .null,
                             .integer(Int64(passage.range.lowerBound)), .integer(Int64(passage.range.upperBound)),
                             .text(passage.text), .text(hash)])
            guard let id = try insert.step()?.int(at: 0) else { throw IndexError.storage("no id for a new passage") }
            insert.reset()
            try vector.bind([.text(hash)])
            if let stored = try vector.step().flatMap({ VectorCoding.decode(try $0.blob("vector"), dimension: dimension) }) {
                changes.append(.setPassage(id: id, document: document, vector: stored))
            }
            vector.reset()
        }
    }

    /// Removes every passage of the document.
    func remove(document: Int, changes: inout [SearchIndex.MatrixChange]) throws {
        for row in try connection.query("DELETE FROM index_passages WHERE document_id = ? RETURNING id", [.integer(Int64(document))]) {
            changes.append(.removePassage(id: try row.int(at: 0)))
        }
    }
}
