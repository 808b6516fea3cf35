import Foundation
import MarksCore

/// How bookmarks print: one readable block per bookmark on a terminal, or linkding's JSON with `--json`.
enum BookmarkOutput {
    static func json(_ bookmark: Bookmark) -> JSONValue {
        guard case .object(var fields) = bookmark.jsonValue else { return bookmark.jsonValue }
        if let summary = bookmark.aiSummary { fields.append(("ai_summary", .string(summary))) }
        if !bookmark.aiTags.isEmpty { fields.append(("ai_tags", .array(bookmark.aiTags.map(JSONValue.string)))) }
        return .object(fields)
    }

    static func listJSON(_ bookmarks: [Bookmark], count: Int, next: String?) -> JSONValue {
        .object([("count", .int(count)), ("next", .optional(next)), ("results", .array(bookmarks.map(json)))])
    }

    /// A compact line per bookmark: id, unread mark, title, domain, tags.
    static func line(_ bookmark: Bookmark) -> String {
        var text = String(bookmark.id).leftPadded(to: 6) + (bookmark.unread ? " ● " : "   ") + bookmark.displayTitle.singleLine
        text += "  — " + bookmark.domain
        let tags = bookmark.tagNames.map { "#" + $0 } + bookmark.aiTags.map { "#" + $0 + "*" }
        if !tags.isEmpty { text += "  " + tags.joined(separator: " ") }
        return text
    }

    /// Every field, for `marks show`.
    static func detail(_ bookmark: Bookmark) -> String {
        var lines = [
            bookmark.displayTitle.singleLine,
            bookmark.url,
            "id \(bookmark.id) · added \(LinkdingDate.format(bookmark.dateAdded)) · modified \(LinkdingDate.format(bookmark.dateModified))",
        ]
        var flags: [String] = []
        if bookmark.unread { flags.append("unread") }
        if bookmark.shared { flags.append("shared") }
        if bookmark.isArchived { flags.append("archived") }
        if !flags.isEmpty { lines.append(flags.joined(separator: " · ")) }
        if !bookmark.tagNames.isEmpty { lines.append("tags: " + bookmark.tagNames.joined(separator: ", ")) }
        if !bookmark.aiTags.isEmpty { lines.append("ai tags: " + bookmark.aiTags.joined(separator: ", ")) }
        if let summary = bookmark.aiSummary, !summary.isEmpty { lines += ["", "summary: " + summary] }
        if !bookmark.description.isEmpty { lines += ["", bookmark.description] }
        if !bookmark.notes.isEmpty { lines += ["", "notes:", bookmark.notes] }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// The text on one line: C0 controls (line breaks among them) and DEL become spaces; what else a terminal would act
    /// on is left to `TerminalText`, which every printed line passes through.
    var singleLine: String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7f ? " " : $0 }))
    }

    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
