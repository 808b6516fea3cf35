import Foundation
import MarksCore

/// Highlights as Markdown notes, Obsidian-friendly: one bookmark's highlights as a note with YAML front matter
/// (title, url, tags, saved date) and each highlight as a quote block followed by its note; all of them as one note
/// with a section per bookmark. Pure: the caller writes the text where it goes.
public enum HighlightMarkdown {
    /// One bookmark's note; `bookmark` nil when it is gone from the source (the highlight's own address is used).
    public static func note(for bookmark: Bookmark?, highlights: [Highlight]) -> String {
        let url = bookmark?.url ?? highlights.first?.url ?? ""
        let title = bookmark?.displayTitle ?? url
        var lines = ["---", "title: \(yaml(title))", "url: \(yaml(url))"]
        let tags = bookmark?.tagNames ?? []
        lines.append(tags.isEmpty ? "tags: []" : "tags:")
        for tag in tags { lines.append("  - \(yaml(tag))") }
        if let bookmark { lines.append("saved: \(day(bookmark.dateAdded))") }
        lines += ["source: marks", "---", "", "# \(title)", ""]
        if !url.isEmpty { lines += ["<\(url)>", ""] }
        lines += quotes(highlights)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every bookmark's highlights as one note: front matter for the export, then a section per bookmark in the order
    /// given (`groups`: each bookmark, nil when gone, with its highlights).
    public static func collection(_ groups: [(bookmark: Bookmark?, highlights: [Highlight])], exportedAt: Date) -> String {
        let count = groups.reduce(0) { $0 + $1.highlights.count }
        var lines = ["---", "title: \(yaml("Highlights"))", "exported: \(day(exportedAt))", "highlights: \(count)", "source: marks", "---", ""]
        for group in groups {
            let url = group.bookmark?.url ?? group.highlights.first?.url ?? ""
            let title = group.bookmark?.displayTitle ?? url
            lines += ["## \(title.replacingOccurrences(of: "\n", with: " "))", ""]
            var facts = url.isEmpty ? [] : ["<\(url)>"]
            if let bookmark = group.bookmark {
                facts.append("saved \(day(bookmark.dateAdded))")
                if !bookmark.tagNames.isEmpty { facts.append(bookmark.tagNames.map { "#" + $0.replacingOccurrences(of: " ", with: "-") }.joined(separator: " ")) }
            }
            if !facts.isEmpty { lines += [facts.joined(separator: " · "), ""] }
            lines += quotes(group.highlights)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each highlight as a quote block (every line quoted) and its note below.
    static func quotes(_ highlights: [Highlight]) -> [String] {
        var lines: [String] = []
        for highlight in highlights {
            let quoted = highlight.quote.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            lines += quoted.map { $0.isEmpty ? ">" : "> " + $0 }
            if let note = highlight.note { lines += ["", note] }
            lines.append("")
        }
        return lines
    }

    /// A YAML scalar in double quotes, escaped.
    static func yaml(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\x%02X", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// A date as YYYY-MM-DD (UTC).
    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
