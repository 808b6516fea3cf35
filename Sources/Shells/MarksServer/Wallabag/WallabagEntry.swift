import CryptoPrimitives
import Foundation
import MarksCore

/// A bookmark as a wallabag entry: the fields KOReader's wallabag plugin reads (`id`, `title`, `url`, `mimetype`,
/// `tags` as `{id, label, slug}`, `created_at` and `updated_at` in wallabag's ISO 8601 form, `is_archived`,
/// `is_starred`, `domain_name`, `reading_time` (minutes, from the archived text's words as the list rows count them),
/// `preview_picture`) and a few more of wallabag's own. Marks has no stars: `is_starred` is always 0.
enum WallabagEntry {
    /// The entry of `bookmark`, whose archived text has `words` words (nil: none kept; `reading_time` 0).
    static func json(_ bookmark: Bookmark, words: Int? = nil) -> JSONValue {
        .object([
            ("id", .int(bookmark.id)),
            ("title", .string(bookmark.title.isEmpty ? bookmark.displayURL : bookmark.title)),
            ("url", .string(bookmark.url)),
            ("given_url", .string(bookmark.url)),
            ("mimetype", .string("text/html")),
            ("language", .null),
            ("is_archived", .int(bookmark.isArchived ? 1 : 0)),
            ("is_starred", .int(0)),
            ("is_public", .bool(false)),
            ("tags", .array(bookmark.tagNames.map(tag))),
            ("created_at", .string(timestamp(bookmark.dateAdded))),
            ("updated_at", .string(timestamp(bookmark.dateModified))),
            ("domain_name", .string(HostDisplay.host(of: bookmark.url) ?? "")),
            ("reading_time", .int(RowExtras(wordCount: words).readingMinutes ?? 0)),
            ("preview_picture", .optional(bookmark.previewImageURL)),
            ("annotations", .array([])),
        ])
    }

    /// wallabag's tag: a stable id from the name (the first 6 bytes of its SHA-256, so it fits a Lua number), the
    /// label, and a slug.
    static func tag(_ name: String) -> JSONValue {
        let digest = SHA256.hash(name.lowercased())
        let id = digest.prefix(6).reduce(0) { $0 << 8 | Int($1) }
        return .object([("id", .int(id)), ("label", .string(name)), ("slug", .string(slug(name)))])
    }

    static func slug(_ name: String) -> String {
        var out = ""
        var dash = false
        for character in name.lowercased() {
            if character.isLetter || character.isNumber {
                out.append(character)
                dash = false
            } else if !dash, !out.isEmpty {
                out.append("-")
                dash = true
            }
        }
        return dash ? String(out.dropLast()) : out
    }

    /// wallabag's date form, e.g. `2026-12-06T22:58:03+0000`.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssZ"
        return formatter.string(from: date)
    }
}
