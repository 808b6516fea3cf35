import MarksCore
@testable import MarksIndex
import SQLiteDatabase

/// How the index wrote a document's fingerprints before index migration 9 (`TextKeyMigration`): 32 hexadecimal digits
/// each, for tests that build a data directory of an earlier main.
extension IndexedDocument {
    /// `values`, each fingerprint as its hex digits.
    var valuesBeforeTextKeys: [SQLValue] {
        Array(values.dropLast(2)) + [.text(contentFingerprint.description), .text(documentFingerprint.description)]
    }

    /// The key of its vector as it was stored before migration 9.
    var contentHashBeforeTextKeys: String { contentFingerprint.description }

    /// Writes the document as an index between migrations 5 and 8 wrote it: its row (`values`, by default
    /// `valuesBeforeTextKeys`), its tags and its full text (from the row, through `index_fts_source`).
    func insertBeforeTextKeys(_ connection: Connection, values: [SQLValue]? = nil) throws {
        _ = try connection.run("""
            INSERT INTO index_documents (\(Self.columns.joined(separator: ", ")))
            VALUES (\(Array(repeating: "?", count: Self.columns.count).joined(separator: ", ")))
            """, values ?? valuesBeforeTextKeys)
        for tag in filterTags {
            _ = try connection.run("INSERT INTO index_tags (tag, bookmark_id) VALUES (?, ?)", [.text(tag), .integer(Int64(id))])
        }
        _ = try connection.run("""
            INSERT INTO index_fts (rowid, title, tags, summary, description, notes, url)
            SELECT bookmark_id, title, tags, summary, description, notes, url FROM index_fts_source WHERE bookmark_id = ?
            """, [.integer(Int64(id))])
    }
}

extension ContentHash {
    /// The vector key of `text` as it was stored before migration 9.
    static func hexBeforeTextKeys(_ text: String) -> String {
        ContentHash(text, salt: indexTextVersion).description
    }
}
