import Foundation
import MarksCore
import SentenceEmbeddings
import SQLiteDatabase

/// The local search index (the seeds' Spotlight): bookmarks' text in FTS5 for BM25, and one vector per
/// bookmark for cosine search, in the shared `marks.sqlite`. Every mutation path of the library calls
/// `upsert` or `remove` (through `LibraryObserver`), so it is never stale; vectors are computed afterwards by
/// a `VectorIndexer`. Safe to share between tasks; several processes may use the same file.
public final class SearchIndex: Sendable {
    /// The database the index lives in.
    public let database: Database
    /// Length of the vectors it stores.
    public let dimension: Int
    /// True when bookmarks' text is read from the embedded store's rows in the same database (`StoreOwnedText`).
    let textsInStore: Bool
    let matrix: VectorMatrix
    let passages: PassageMatrix

    /// The index in `database`, applying its migrations (namespace `index`). `textsInStore`: the library is the embedded
    /// store in this database, so a bookmark's text is kept in the store's row alone.
    public init(database: Database, dimension: Int = EmbeddingModel.dimension, textsInStore: Bool = false) throws {
        self.textsInStore = try IndexError.wrap {
            try database.migrate(namespace: IndexSchema.namespace, IndexSchema.migrations)
            return try StoreOwnedText.prepare(database, adopt: textsInStore) && textsInStore
        }
        self.database = database
        self.dimension = dimension
        self.matrix = VectorMatrix(dimension: dimension)
        self.passages = PassageMatrix(dimension: dimension)
    }

    /// The index in the database file at `path` (created if needed).
    public convenience init(path: String, dimension: Int = EmbeddingModel.dimension) throws {
        // A file of its own holds only what is rebuilt from the library, so its commits need not wait for the disk.
        let database = try IndexError.wrap { try Database(path: path, readerCount: 2, durability: .normal) }
        try self.init(database: database, dimension: dimension)
    }

    /// Adds or updates bookmarks (archived ones are kept, flagged, for the archived scope). Unchanged ones
    /// are skipped; a changed text leaves the bookmark without a vector until the indexer embeds it.
    public func upsert(_ bookmarks: [Bookmark]) throws {
        try upsert(documents: bookmarks.map(IndexedDocument.init))
    }

    /// Adds or updates documents.
    public func upsert(documents: [IndexedDocument]) throws {
        guard !documents.isEmpty else { return }
        try write { connection, changes in
            // A page of a catch-up adds to indexes keyed at random (hashes, URLs, tags): with the default 2 MB cache
            // most of those inserts read a page back from the log first.
            if documents.count >= 500 {
                try connection.withPageCache(megabytes: 64) { try writeDocuments(documents, connection, &changes) }
            } else {
                try writeDocuments(documents, connection, &changes)
            }
        }
    }

    /// The documents' rows, tags and full text, inside one index write (their `fields` passages are cut from the rows
    /// when asked for; `page` passages are written by `syncPageTexts` and `replaceSourcePassages`).
    private func writeDocuments(_ documents: [IndexedDocument], _ connection: Connection, _ changes: inout [MatrixChange]) throws {
        let existing = try connection.prepare("SELECT document_hash FROM index_documents WHERE bookmark_id = ?")
        // An upsert, not INSERT OR REPLACE: the page text's version (`page_version`) stays with the document.
        let columns = IndexedDocument.columns + ["text_in_store"]
        let insert = try connection.prepare("""
            INSERT INTO index_documents (\(columns.joined(separator: ", ")))
            VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
            ON CONFLICT (bookmark_id) DO UPDATE SET
            \(columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
            """)
        // The store's row holds this very text: the index keeps none of it.
        let inStore = try textsInStore ? connection.prepare("""
            SELECT 1 FROM store_bookmarks WHERE id = ? AND url = ? AND title = ? AND description = ? AND notes = ?
            """) : nil
        let clearTags = try connection.prepare("DELETE FROM index_tags WHERE bookmark_id = ?")
        let addTag = try connection.prepare("INSERT OR IGNORE INTO index_tags (tag, bookmark_id) VALUES (?, ?)")
        let fullText = try FullTextWriter(connection: connection)
        let vector = try connection.prepare("SELECT vector FROM index_vectors WHERE id = ?")
        // In id order (a repeated id keeps its last version last), so the documents' rows are appended to their
        // B-tree rather than put before the others.
        let order = documents.indices.sorted { (documents[$0].id, $0) < (documents[$1].id, $1) }
        for document in order.map({ documents[$0] }) {
            let id = SQLValue.integer(Int64(document.id))
            try existing.bind([id])
            let previous = try existing.step()
            existing.reset()
            if let previous, try previous.int("document_hash") == document.documentHash { continue } // unchanged
            if previous != nil {
                // The old terms out while the row still holds them (external content); only for a document the
                // index had.
                try fullText.unindex(document: document.id)
            }
            var owned = false
            if let inStore, document.id > 0 {
                try inStore.bind([id, .text(document.url), .text(document.title), .text(document.description), .text(document.notes)])
                owned = try inStore.step() != nil
                inStore.reset()
            }
            try insert.bind(owned ? document.valuesWithoutText + [.integer(1)] : document.values + [.integer(0)])
            try insert.run()
            if previous != nil {
                try clearTags.bind([id])
                try clearTags.run()
            }
            for tag in document.filterTags {
                try addTag.bind([.text(tag), id])
                try addTag.run()
            }
            try fullText.index(document: document.id)
            try vector.bind([.integer(document.contentHash)])
            let stored = try vector.step().flatMap { QuantizedVector(blob: try $0.blob("vector"), dimension: dimension) }
            vector.reset()
            if let stored {
                changes.append(.set(id: document.id, vector: stored, unread: document.unread, archived: document.archived))
            } else {
                changes.append(.remove(id: document.id))
            }
        }
    }

    /// Removes bookmarks (deleted, or gone from the source) from the index; their cached vectors stay until
    /// `pruneVectors`.
    public func remove(ids: [Int]) throws {
        guard !ids.isEmpty else { return }
        try write { connection, changes in
            let deleteDocument = try connection.prepare("DELETE FROM index_documents WHERE bookmark_id = ?")
            let fullText = try FullTextWriter(connection: connection)
            let passages = try PassageWriter(connection: connection, dimension: dimension)
            for id in ids {
                try passages.remove(document: id, changes: &changes)
                try fullText.unindex(document: id)
                try deleteDocument.bind([.integer(Int64(id))])
                guard try deleteDocument.run() > 0 else { continue }
                changes.append(.remove(id: id))
            }
        }
    }

    /// Removes every bookmark whose id is not in `ids` (after a full walk of the source); returns how many.
    /// Sources (negative ids) are not the bookmark source's to remove and stay.
    @discardableResult
    public func removeAll(except ids: Set<Int>) throws -> Int {
        let stale = try IndexError.wrap {
            try database.read { try $0.query("SELECT bookmark_id FROM index_documents WHERE bookmark_id > 0").map { try $0.int(at: 0) } }
        }.filter { !ids.contains($0) }
        try remove(ids: stale)
        return stale.count
    }

    /// The stored document of one bookmark, or nil.
    public func document(id: Int) throws -> IndexedDocument? {
        try documents(ids: [id])[id]
    }

    /// The stored documents of these bookmarks, by id (ids not in the index are left out).
    public func documents(ids: [Int]) throws -> [Int: IndexedDocument] {
        guard !ids.isEmpty else { return [:] }
        return try IndexError.wrap {
            try database.read { connection in
                var found: [Int: IndexedDocument] = [:]
                let statement = try connection.prepare("SELECT * FROM index_document_rows WHERE bookmark_id = ?")
                for id in Set(ids) {
                    try statement.bind([.integer(Int64(id))])
                    if let row = try statement.step() { found[id] = try IndexedDocument(row: row) }
                    statement.reset()
                }
                return found
            }
        }
    }

    /// How many documents the index holds, how many have a vector, and how many texts wait for one.
    public func statistics() throws -> IndexStatistics {
        try IndexError.wrap {
            try database.read { connection in
                let documents = try connection.queryOne("SELECT COUNT(*) FROM index_documents")?.int(at: 0) ?? 0
                let archived = try connection.queryOne("SELECT COUNT(*) FROM index_documents WHERE archived = 1")?.int(at: 0) ?? 0
                let pending = try pendingTextCount(connection)
                let vectors = try connection.queryOne("SELECT COUNT(*) FROM index_vectors")?.int(at: 0) ?? 0
                return IndexStatistics(documents: documents, archived: archived, pendingTexts: pending, storedVectors: vectors)
            }
        }
    }

    /// How many texts wait for a vector (what `statistics()` calls `pendingTexts`, without its other counts).
    public func pendingTextCount() throws -> Int {
        try IndexError.wrap { try database.read { try pendingTextCount($0) } }
    }

    private func pendingTextCount(_ connection: Connection) throws -> Int {
        try connection.queryOne("""
            SELECT COUNT(DISTINCT content_hash) FROM (
                SELECT content_hash FROM index_documents d WHERE \(pendingCondition)
                UNION SELECT content_hash FROM index_passages d WHERE \(pendingCondition))
            """, [vectorLength, vectorLength])?.int(at: 0) ?? 0
    }

    /// Empties the index: documents, text and vectors (`marks index --rebuild`).
    public func clear() throws {
        try write { connection, changes in
            try connection.execute("""
                INSERT INTO index_fts (index_fts) VALUES ('delete-all');
                DELETE FROM index_tags; DELETE FROM index_documents; DELETE FROM index_vectors;
                DELETE FROM index_passages; INSERT INTO index_passages_fts (index_passages_fts) VALUES ('delete-all');
                """)
            changes.append(.reset)
            changes.append(.resetPassages)
        }
    }

    /// Drops every vector, so the indexer embeds every document again.
    public func clearVectors() throws {
        try write { connection, changes in
            try connection.execute("DELETE FROM index_vectors")
            changes.append(.reset)
            changes.append(.resetPassages)
        }
    }

    /// Drops cached vectors no document uses any more; returns how many.
    @discardableResult
    public func pruneVectors() throws -> Int {
        var removed = 0
        try write { connection, _ in
            removed = try connection.run(
                "DELETE FROM index_vectors WHERE id NOT IN (SELECT content_hash FROM index_documents) "
                    + "AND id NOT IN (SELECT content_hash FROM index_passages)")
        }
        return removed
    }

    /// The length a stored vector must have, bound to `pendingCondition`.
    var vectorLength: SQLValue { .integer(Int64(QuantizedVector.byteCount(dimension: dimension))) }

    /// `d` has no usable vector: none for its hash, or one of the wrong length (bound: `QuantizedVector.byteCount`).
    let pendingCondition = """
        NOT EXISTS (SELECT 1 FROM index_vectors v WHERE v.id = d.content_hash AND length(v.vector) = ?)
        """
}
