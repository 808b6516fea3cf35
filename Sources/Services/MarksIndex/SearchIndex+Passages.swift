import Foundation
import MarksCore
import SQLiteDatabase

extension SearchIndex {
    /// How the index cuts texts into passages (Ask's size: about 100–250 words).
    static let splitter = PassageSplitter()
    /// Passages kept per text at most (about 50,000 words), so one huge page cannot swell the index.
    public static let maximumPassages = 200

    /// The text a passage's vector is computed from: its heading, then its text.
    static func embeddingText(heading: String, text: String) -> String {
        heading.isEmpty ? text : heading + "\n" + text
    }

    /// The archived page texts the index cuts passages from, as the library's archive gives them: the version of
    /// each URL's stored text (cheap, asked for every saved bookmark) and the text itself (read only when the
    /// version differs from the one the index holds).
    public struct PageTexts: Sendable {
        public var versions: @Sendable (_ urls: [String]) throws -> [String: String]
        public var text: @Sendable (_ url: String) throws -> (version: String, blocks: [PassageBlock])?

        /// A source of page texts.
        public init(versions: @escaping @Sendable ([String]) throws -> [String: String],
                    text: @escaping @Sendable (String) throws -> (version: String, blocks: [PassageBlock])?) {
            self.versions = versions
            self.text = text
        }

        /// No page texts (an index without an archive).
        public static let none = PageTexts(versions: { _ in [:] }, text: { _ in nil })
    }

    /// Gives the documents of `ids` the page passages of their URL's archived text when the index holds another
    /// version (or none): the bookmarks' observer calls it after every save, the archive after every stored page.
    public func syncPageTexts(ids: [Int], from pages: PageTexts) throws {
        guard !ids.isEmpty else { return }
        let held = try IndexError.wrap {
            try database.read { connection -> [(id: Int, url: String, version: String?)] in
                let statement = try connection.prepare("SELECT url, page_version FROM index_document_rows WHERE bookmark_id = ?")
                var found: [(id: Int, url: String, version: String?)] = []
                for id in Set(ids) {
                    try statement.bind([.integer(Int64(id))])
                    if let row = try statement.step() { found.append((id, try row.string(at: 0), try row.optionalString(at: 1))) }
                    statement.reset()
                }
                return found
            }
        }
        let wanted = try pages.versions(Array(Set(held.map(\.url))))  // two bookmarks may share a URL: asked once
        let stale = held.filter { $0.version != wanted[$0.url] }
        guard !stale.isEmpty else { return }
        var texts: [String: (version: String, blocks: [PassageBlock])?] = [:]
        for entry in stale where texts[entry.url] == nil {
            texts[entry.url] = .some(try pages.text(entry.url))
        }
        try write { connection, changes in
            let writer = try PassageWriter(connection: connection, dimension: dimension)
            let setVersion = try connection.prepare("UPDATE index_documents SET page_version = ? WHERE bookmark_id = ?")
            for entry in stale {
                let text = texts[entry.url] ?? nil
                try writer.replace(document: entry.id, section: .page, with: Self.splitter.split(text?.blocks ?? []), changes: &changes)
                try setVersion.bind([text.map { .text($0.version) } ?? .null, .integer(Int64(entry.id))])
                try setVersion.run()
            }
            if changes.isEmpty { changes.append(.resetPassages) } // versions changed: bump the generation all the same
        }
    }

    /// The bookmark documents whose URL is `url` (an archived page belongs to each).
    public func documentIDs(url: String) throws -> [Int] {
        try IndexError.wrap {
            try database.read { connection in
                // A document's own URL, or (over the embedded store) its store row's, found by the store's URL key.
                let sql = textsInStore ? """
                    SELECT bookmark_id FROM index_documents WHERE url = :url AND url <> '' AND bookmark_id > 0
                    UNION SELECT d.bookmark_id FROM store_bookmarks s JOIN index_documents d ON d.bookmark_id = s.id
                    WHERE s.url_key = :key AND s.url = :url AND d.text_in_store
                    """ : "SELECT bookmark_id FROM index_documents WHERE url = :url AND url <> '' AND bookmark_id > 0"
                var arguments: [String: SQLValue] = ["url": .text(url)]
                if textsInStore { arguments["key"] = .integer(URLKey.of(url: url)) }
                return try connection.query(sql, arguments).map { try $0.int(at: 0) }
            }
        }
    }

    /// Which of the bookmarks `ids` have no title, in id order (looked up by id: no scan).
    public func untitledDocuments(among ids: [Int]) throws -> [Int] {
        guard !ids.isEmpty else { return [] }
        return try IndexError.wrap {
            try database.read { connection in
                let statement = try connection.prepare("SELECT 1 FROM index_document_rows WHERE bookmark_id = ? AND trim(title) = ''")
                return try Set(ids).sorted().filter { id in
                    try statement.bind([.integer(Int64(id))])
                    defer { statement.reset() }
                    return try statement.step() != nil
                }
            }
        }
    }

    /// The bookmarks with no title (saved while their page could not be read), with their URLs, in id order.
    public func untitledDocuments() throws -> [(id: Int, url: String)] {
        try IndexError.wrap {
            try database.read { connection in
                try connection.query("""
                    SELECT bookmark_id, url FROM index_document_rows WHERE trim(title) = '' AND url <> '' AND bookmark_id > 0
                    ORDER BY bookmark_id
                    """).map { (try $0.int(at: 0), try $0.string(at: 1)) }
            }
        }
    }

    /// Replaces the page passages of source document `id` (a source's own text, page by page).
    public func replaceSourcePassages(id: Int, blocks: [PassageBlock]) throws {
        try write { connection, changes in
            guard try connection.queryOne("SELECT 1 FROM index_documents WHERE bookmark_id = ?", [.integer(Int64(id))]) != nil else { return }
            try PassageWriter(connection: connection, dimension: dimension)
                .replace(document: id, section: .page, with: Self.splitter.split(blocks), changes: &changes)
            if changes.isEmpty { changes.append(.resetPassages) }
        }
    }

    /// The passages of documents, in document and text order: each document's `fields` passages, cut from its row, then
    /// its stored `page` passages (tests, the bench, Ask's citations).
    public func passages(documentIDs: [Int]) throws -> [IndexedPassage] {
        guard !documentIDs.isEmpty else { return [] }
        let documents = try documents(ids: documentIDs)
        return try IndexError.wrap {
            try database.read { connection in
                let statement = try connection.prepare("SELECT * FROM index_passages WHERE document_id = ? ORDER BY ordinal")
                var found: [IndexedPassage] = []
                for id in documentIDs {
                    found += documents[id]?.fieldPassages ?? []
                    try statement.bind([.integer(Int64(id))])
                    for row in try statement.rows() { found.append(try IndexedPassage(row: row)) }
                }
                return found
            }
        }
    }

    /// How many passages the index stores (`page` passages: a document's `fields` passages are cut from its row).
    public func passageCount() throws -> Int {
        try IndexError.wrap { try database.read { try $0.queryOne("SELECT COUNT(*) FROM index_passages")?.int(at: 0) ?? 0 } }
    }
}
