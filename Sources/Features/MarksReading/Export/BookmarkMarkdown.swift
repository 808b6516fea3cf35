import Foundation
import MarksBookmarks
import MarksCore

/// One bookmark as an Obsidian-friendly Markdown note: YAML front matter (title, url, tags, dates, unread, archived,
/// shared, where it lives), then its AI summary (labelled, with the engine that made it), description, notes,
/// highlights with their notes (`HighlightMarkdown`'s quote blocks) and, when given, the archived page text. Pure.
public enum BookmarkMarkdown {
    /// The note's text.
    public static func note(for bookmark: Bookmark, source: String, ai: AIMetadata?, highlights: [Highlight],
                            pageText: [PassageBlock]? = nil) -> String {
        let yaml = HighlightMarkdown.yaml
        var lines = ["---", "title: \(yaml(bookmark.displayTitle))", "url: \(yaml(bookmark.url))"]
        lines.append(bookmark.tagNames.isEmpty ? "tags: []" : "tags:")
        for tag in bookmark.tagNames { lines.append("  - \(yaml(tag))") }
        lines += [
            "created: \(LinkdingDate.format(bookmark.dateAdded))",
            "modified: \(LinkdingDate.format(bookmark.dateModified))",
            "unread: \(bookmark.unread)",
            "archived: \(bookmark.isArchived)",
            "shared: \(bookmark.shared)",
            "source: \(yaml(source))",
            "id: \(bookmark.id)",
            "---", "",
            "# \(heading(bookmark.displayTitle))", "",
            "<\(bookmark.url)>", "",
        ]
        if let summary = ai?.summary, !summary.isEmpty {
            lines += ["## AI summary", "", summary, "", "*Made by \(ai?.engine ?? "an AI engine").*", ""]
        }
        if !bookmark.description.isEmpty { lines += ["## Description", "", bookmark.description, ""] }
        if !bookmark.notes.isEmpty { lines += ["## Notes", "", bookmark.notes, ""] }
        if !highlights.isEmpty { lines += ["## Highlights", ""] + HighlightMarkdown.quotes(highlights) }
        if let pageText, !pageText.isEmpty {
            lines += ["## Archived text", ""]
            for block in pageText {
                lines += [block.kind == .heading ? "### \(heading(block.text))" : block.text, ""]
            }
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A title on one line, for a heading.
    private static func heading(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
