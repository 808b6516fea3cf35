import Foundation

/// Reads a page of linkding bookmarks (`{count, next, previous, results}`) straight from its bytes, several times
/// faster than `JSONDecoder` (a full sync reads 100,000 of them). It reads only what it is sure of: strict RFC 8259 JSON
/// whose fields have exactly the types linkding writes (defaults as `Bookmark.init(from:)` gives them, unknown fields
/// skipped). Anything else — a malformed or hostile page, but also what `JSONDecoder` leniently accepts (`1.0` for an
/// id, a duplicate key, an escaped key, UTF-16) — gives nil, and the caller decodes the page with `JSONDecoder`, whose
/// answer and error stand. So a page that reads here decodes to the same value there (tests and the `bookmark-page`
/// fuzz target check it); nothing here decides an error.
public struct BookmarkPageReader {
    /// Unknown fields nest at most this deep (deeper ones are `JSONDecoder`'s to judge).
    static let maxDepth = 64

    private let scanner: JSONScanner
    private var bytes: [UInt8] { scanner.bytes }

    private init(_ bytes: [UInt8]) {
        scanner = JSONScanner(bytes)
    }

    /// The page, or nil when it is not one this reader is sure of.
    public static func page(_ data: Data) -> Page<Bookmark>? {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }  // JSONDecoder skips a UTF-8 BOM
        return BookmarkPageReader(bytes).document()
    }

    private func document() -> Page<Bookmark>? {
        guard let (page, end) = pageObject(at: scanner.skipWhitespace(0)), scanner.skipWhitespace(end) == bytes.count else {
            return nil
        }
        return page
    }

    // MARK: - The page

    private func pageObject(at start: Int) -> (Page<Bookmark>, Int)? {
        var count: Int?
        var next: String?
        var previous: String?
        var results: [Bookmark]?
        var seen = Set<PageKey>()
        let end = object(at: start) { key, index in
            if let key { guard seen.insert(key).inserted else { return nil } }
            switch key {
            case .count:
                guard let (value, end) = scanner.integer(at: index) else { return nil }
                count = value
                return end
            case .next:
                guard let (value, end) = optionalString(at: index) else { return nil }
                next = value
                return end
            case .previous:
                guard let (value, end) = optionalString(at: index) else { return nil }
                previous = value
                return end
            case .results:
                guard let (value, end) = bookmarks(at: index) else { return nil }
                results = value
                return end
            case nil:
                return scanner.skipValue(at: index, maxDepth: Self.maxDepth)
            }
        } key: { PageKey.match($0, bytes) }
        guard let end, let count, let results else { return nil }
        return (Page(count: count, next: next, previous: previous, results: results), end)
    }

    private func bookmarks(at start: Int) -> ([Bookmark], Int)? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "[") else { return nil }
        var items: [Bookmark] = []
        var index = scanner.skipWhitespace(start + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return (items, index + 1) }
        while true {
            guard let (bookmark, end) = bookmark(at: index) else { return nil }
            items.append(bookmark)
            index = scanner.skipWhitespace(end)
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "]") { return (items, index + 1) }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = scanner.skipWhitespace(index + 1)
        }
    }

    // MARK: - A bookmark

    private func bookmark(at start: Int) -> (Bookmark, Int)? {
        var id: Int?
        var url: String?
        var title = "", description = "", notes = "", snapshot = ""
        var favicon: String?
        var preview: String?
        var archived = false, unread = false, shared = false
        var tags: [String] = []
        let epoch = Date(timeIntervalSince1970: 0)
        var added = epoch, modified = epoch
        var seen: UInt32 = 0
        let end = object(at: start) { key, index in
            guard let key else { return scanner.skipValue(at: index, maxDepth: Self.maxDepth) }
            let bit = UInt32(1) << key.rawValue
            guard seen & bit == 0 else { return nil }
            seen |= bit
            switch key {
            case .id:
                guard let (value, end) = scanner.integer(at: index) else { return nil }
                id = value
                return end
            case .url:
                guard let (value, end) = string(at: index) else { return nil }
                url = value
                return end
            case .title, .description, .notes, .webArchiveSnapshotURL:
                guard let (value, end) = optionalString(at: index) else { return nil }
                switch key {
                case .title: title = value ?? ""
                case .description: description = value ?? ""
                case .notes: notes = value ?? ""
                default: snapshot = value ?? ""
                }
                return end
            case .faviconURL, .previewImageURL:
                guard let (value, end) = optionalString(at: index) else { return nil }
                if key == .faviconURL { favicon = value } else { preview = value }
                return end
            case .isArchived, .unread, .shared:
                guard let (value, end) = optionalBool(at: index) else { return nil }
                switch key {
                case .isArchived: archived = value ?? false
                case .unread: unread = value ?? false
                default: shared = value ?? false
                }
                return end
            case .tagNames:
                guard let (value, end) = stringList(at: index) else { return nil }
                tags = value ?? []
                return end
            case .dateAdded, .dateModified:
                guard let (text, end) = optionalString(at: index) else { return nil }
                var date = epoch
                if let text {
                    guard let parsed = LinkdingDate.parse(text) else { return nil }
                    date = parsed
                }
                if key == .dateAdded { added = date } else { modified = date }
                return end
            }
        } key: { BookmarkKey.match($0, bytes) }
        guard let end, let id, let url else { return nil }
        let bookmark = Bookmark(id: id, url: url, title: title, description: description, notes: notes,
                                webArchiveSnapshotURL: snapshot, faviconURL: favicon, previewImageURL: preview,
                                isArchived: archived, unread: unread, shared: shared, tagNames: tags,
                                dateAdded: added, dateModified: modified)
        return (bookmark, end)
    }

    // MARK: - Values

    /// Walks the object at `start`: each field's key (matched by `key` on its bytes, nil when unknown) and the index of
    /// its value go to `field`, which returns the index after the value (nil: not readable). The index after the object.
    private func object<Key>(at start: Int, field: (Key?, Int) -> Int?, key: (Range<Int>) -> Key?) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
        var index = scanner.skipWhitespace(start + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return index + 1 }
        while true {
            guard let name = plainKey(at: index) else { return nil }
            index = scanner.skipWhitespace(name.upperBound + 1)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            guard let end = field(key(name), scanner.skipWhitespace(index + 1)) else { return nil }
            index = scanner.skipWhitespace(end)
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "}") { return index + 1 }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = scanner.skipWhitespace(index + 1)
        }
    }

    /// The bytes of a key without escapes (an escaped key is left to `JSONDecoder`), as the range between its quotes.
    private func plainKey(at start: Int) -> Range<Int>? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return (start + 1)..<index }
            if byte == UInt8(ascii: "\\") || byte <= 0x1F || byte >= 0x80 { return nil }
            index += 1
        }
        return nil
    }

    /// A string with no lone surrogate.
    private func string(at start: Int) -> (String, Int)? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
        do {
            let (text, end, surrogate) = try scanner.string(openingQuote: start)
            return surrogate == nil ? (text, end) : nil
        } catch {
            return nil  // JSONDecoder gives the error
        }
    }

    private func optionalString(at start: Int) -> (String?, Int)? {
        if scanner.matches("null", at: start) { return (nil, start + 4) }
        return string(at: start).map { ($0.0, $0.1) }
    }

    private func optionalBool(at start: Int) -> (Bool?, Int)? {
        if scanner.matches("true", at: start) { return (true, start + 4) }
        if scanner.matches("false", at: start) { return (false, start + 5) }
        if scanner.matches("null", at: start) { return (nil, start + 4) }
        return nil
    }

    private func stringList(at start: Int) -> ([String]?, Int)? {
        if scanner.matches("null", at: start) { return (nil, start + 4) }
        return scanner.stringArray(at: start).map { ($0.strings, $0.end) }
    }
}

/// The page's fields.
private enum PageKey: CaseIterable {
    case count, next, previous, results

    static let names: [(PageKey, [UInt8])] = [
        (.count, Array("count".utf8)), (.next, Array("next".utf8)), (.previous, Array("previous".utf8)),
        (.results, Array("results".utf8)),
    ]

    static func match(_ range: Range<Int>, _ bytes: [UInt8]) -> PageKey? {
        names.first { $0.1.count == range.count && bytes[range].elementsEqual($0.1) }?.0
    }
}

/// A bookmark's fields, as `Bookmark.CodingKeys` names them (`website_title` and `website_description` are not read).
private enum BookmarkKey: Int, CaseIterable {
    case id, url, title, description, notes, webArchiveSnapshotURL, faviconURL, previewImageURL, isArchived, unread, shared
    case tagNames, dateAdded, dateModified

    static let names: [[UInt8]] = allCases.map { key in
        let name = switch key {
        case .id: "id"
        case .url: "url"
        case .title: "title"
        case .description: "description"
        case .notes: "notes"
        case .webArchiveSnapshotURL: "web_archive_snapshot_url"
        case .faviconURL: "favicon_url"
        case .previewImageURL: "preview_image_url"
        case .isArchived: "is_archived"
        case .unread: "unread"
        case .shared: "shared"
        case .tagNames: "tag_names"
        case .dateAdded: "date_added"
        case .dateModified: "date_modified"
        }
        return Array(name.utf8)
    }

    /// The names of each length (a key's length picks at most three candidates).
    static let byLength: [[BookmarkKey]] = {
        var table = [[BookmarkKey]](repeating: [], count: 25)
        for key in allCases { table[names[key.rawValue].count].append(key) }
        return table
    }()

    static func match(_ range: Range<Int>, _ bytes: [UInt8]) -> BookmarkKey? {
        guard range.count < byLength.count else { return nil }
        for key in byLength[range.count] where bytes[range].elementsEqual(names[key.rawValue]) { return key }
        return nil
    }
}
