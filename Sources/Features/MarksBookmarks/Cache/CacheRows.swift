import Foundation
import MarksCore
import SQLiteDatabase

/// Row ↔ value mapping for the cache tables. Every reader checks types and throws `CacheError.malformedRow`,
/// so a damaged row is reported as a miss instead of crashing.
enum CacheRows {
    static let bookmarkColumns = """
        id, url, title, description, notes, web_archive_snapshot_url, favicon_url, preview_image_url,
        is_archived, unread, shared, tag_names, date_added, date_modified
        """

    static let upsertBookmarkSQL = """
        INSERT OR REPLACE INTO library_bookmarks (source, \(bookmarkColumns))
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The values for `upsertBookmarkSQL`.
    static func values(_ bookmark: Bookmark, source: String) throws -> [SQLValue] {
        [
            SQLValue(source), SQLValue(bookmark.id), SQLValue(bookmark.url), SQLValue(bookmark.title),
            SQLValue(bookmark.description), SQLValue(bookmark.notes), SQLValue(bookmark.webArchiveSnapshotURL),
            SQLValue(bookmark.faviconURL), SQLValue(bookmark.previewImageURL), SQLValue(bookmark.isArchived),
            SQLValue(bookmark.unread), SQLValue(bookmark.shared), SQLValue(encodeStrings(bookmark.tagNames)),
            SQLValue(seconds(bookmark.dateAdded)), SQLValue(seconds(bookmark.dateModified)),
        ]
    }

    /// A bookmark from a row selected with `bookmarkColumns` (no AI metadata).
    static func bookmark(_ row: Row) throws(CacheError) -> Bookmark {
        var key = "?"
        if case .integer(let id)? = row["id"] { key = String(id) }
        do {
            let tags = try decodeStrings(try row.string("tag_names"))
            return Bookmark(
                id: try row.int("id"), url: try row.string("url"), title: try row.string("title"),
                description: try row.string("description"), notes: try row.string("notes"),
                webArchiveSnapshotURL: try row.string("web_archive_snapshot_url"),
                faviconURL: try row.optionalString("favicon_url"), previewImageURL: try row.optionalString("preview_image_url"),
                isArchived: try row.bool("is_archived"), unread: try row.bool("unread"), shared: try row.bool("shared"),
                tagNames: tags, dateAdded: try date(row.double("date_added")), dateModified: try date(row.double("date_modified")))
        } catch {
            throw .malformedRow(table: "library_bookmarks", key: "id \(key)", reason: reason(error))
        }
    }

    /// AI metadata from a row with `summary, tags, engine, updated_at`.
    static func aiMetadata(_ row: Row, key: String) throws(CacheError) -> AIMetadata {
        do {
            return AIMetadata(summary: try row.optionalString("summary"), tags: try decodeStrings(try row.string("tags")),
                              engine: try row.string("engine"), updatedAt: try date(row.double("updated_at")))
        } catch {
            throw .malformedRow(table: "library_ai_metadata", key: key, reason: reason(error))
        }
    }

    /// A sync state from its row.
    static func syncState(_ row: Row, source: String) throws(CacheError) -> SyncState {
        do {
            return SyncState(
                modifiedWatermark: try row.optionalDouble("modified_watermark").map(date),
                lastSync: try date(row.double("last_sync")),
                lastFullReconcile: try row.optionalDouble("last_full_reconcile").map(date),
                tagVocabulary: try decodeStrings(try row.string("tag_vocabulary")))
        } catch {
            throw .malformedRow(table: "library_sync_state", key: source, reason: reason(error))
        }
    }

    /// Dates are stored as REAL seconds since 1970: a Double survives the round trip exactly.
    static func seconds(_ date: Date) -> Double {
        let value = date.timeIntervalSince1970
        return value.isFinite ? value : 0
    }

    static func date(_ seconds: Double) throws -> Date {
        guard seconds.isFinite else { throw Malformed("a date that is not a number") }
        return Date(timeIntervalSince1970: seconds)
    }

    /// A list of strings as a JSON array (compact, slashes not escaped).
    static func encodeStrings(_ strings: [String]) -> String {
        JSONValue.array(strings.map(JSONValue.string)).serialized
    }

    /// The strings of a JSON array of strings: read by bytes in the common case, by `JSONSerialization` (whose
    /// answer and error stand) for anything else.
    static func decodeStrings(_ text: String) throws -> [String] {
        if let strings = plainStrings(text) { return strings }
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        guard let strings = value as? [String] else { throw Malformed("a list that is not a JSON array of strings") }
        return strings
    }

    /// A JSON array of strings and nothing else, read by bytes; nil for anything `JSONSerialization` should judge.
    private static func plainStrings(_ text: String) -> [String]? {
        let scanner = JSONScanner(Array(text.utf8), validatesUTF8: false)
        guard let (strings, end) = scanner.stringArray(at: scanner.skipWhitespace(0)),
              scanner.skipWhitespace(end) == scanner.bytes.count else { return nil }
        return strings
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case let error as CustomStringConvertible: return error.description
        default: return String(describing: error)
        }
    }
}
