import Foundation
import MarksCore
import SQLiteDatabase

extension IndexedDocument {
    /// Columns of `index_documents` that hold a document, in the order `values` gives them.
    static let columns = ["bookmark_id", "url", "domain", "title", "description", "notes", "tag_names", "ai_summary",
                          "ai_tags", "unread", "archived", "date_added", "content_hash", "document_hash"]

    /// Tags are stored one per line (a tag never contains a line break).
    static func joinTags(_ tags: [String]) -> String {
        tags.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
    }

    static func splitTags(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// A fingerprint of every stored field: equal means nothing to rewrite.
    var documentHash: Int64 { documentFingerprint.key }

    /// The fingerprint `documentHash` is made from.
    var documentFingerprint: ContentHash {
        ContentHash([String(id), url, domain, title, description, notes, Self.joinTags(tagNames), aiSummary ?? "\u{0}",
                    Self.joinTags(aiTags), unread ? "1" : "0", archived ? "1" : "0",
                    String(dateAdded.timeIntervalSince1970)].joined(separator: "\u{1}"), salt: ContentHash.indexTextVersion)
    }

    /// The values for `columns`.
    var values: [SQLValue] {
        [.integer(Int64(id)), .text(url), .text(domain), .text(title), .text(description), .text(notes),
         .text(Self.joinTags(tagNames)), aiSummary.map(SQLValue.text) ?? .null, .text(Self.joinTags(aiTags)),
         .integer(unread ? 1 : 0), .integer(archived ? 1 : 0), .real(dateAdded.timeIntervalSince1970),
         .integer(contentHash), .integer(documentHash)]
    }

    /// `values` with the URL, title, description and notes left empty: the store's row holds them (`StoreOwnedText`).
    var valuesWithoutText: [SQLValue] {
        let text: Set = ["url", "title", "description", "notes"]
        return zip(Self.columns, values).map { column, value in text.contains(column) ? .text("") : value }
    }

    /// A document read back from a row of `index_document_rows` (or `index_documents` when it holds its text).
    init(row: Row) throws {
        self.init(
            id: try row.int("bookmark_id"), url: try row.string("url"), domain: try row.string("domain"),
            title: try row.string("title"), description: try row.string("description"), notes: try row.string("notes"),
            tagNames: Self.splitTags(try row.string("tag_names")), aiSummary: try row.optionalString("ai_summary"),
            aiTags: Self.splitTags(try row.string("ai_tags")), unread: try row.bool("unread"),
            archived: try row.bool("archived"), dateAdded: Date(timeIntervalSince1970: try row.double("date_added")))
    }
}
