import Foundation
import MarksCore

/// Highlights as Markdown notes, Obsidian-friendly: one bookmark's or document's highlights as a note with YAML front
/// matter (title, url, tags, saved date) and each highlight as a quote block followed by its note; all of them as one
/// note with a section per bookmark or document. Pure: the caller writes the text where it goes.
public enum HighlightMarkdown {
    /// What one note or section is about: a bookmark's or a document's title, address, tags and date, with its highlights.
    public struct Section: Sendable {
        public var title: String
        /// The bookmark's address, or empty (a document has none).
        public var url: String
        public var tags: [String]
        public var saved: Date?
        /// "bookmark" or "document", in the note's front matter.
        public var kind: String
        public var highlights: [Highlight]

        /// A bookmark's section; `bookmark` nil when it is gone from the source (the highlight's own address is used).
        public static func bookmark(_ bookmark: Bookmark?, _ highlights: [Highlight]) -> Section {
            let url = bookmark?.url ?? highlights.first?.url ?? ""
            return Section(title: bookmark?.displayTitle ?? url, url: url, tags: bookmark?.tagNames ?? [], saved: bookmark?.dateAdded,
                           kind: "bookmark", highlights: highlights)
        }

        /// A document's section (`title` nil when the document is gone).
        public static func document(title: String?, tags: [String], saved: Date?, _ highlights: [Highlight]) -> Section {
            Section(title: title ?? "A deleted source", url: "", tags: tags, saved: saved, kind: "document", highlights: highlights)
        }
    }

    /// `highlights` as sections, one per bookmark or document, in the order each first occurs, each section's oldest
    /// first; `bookmarks` and `document` tell what they were made on (a gone one still gets its section).
    public static func sections(_ highlights: [Highlight], bookmarks: [Int: Bookmark],
                                document: (UUID) -> (title: String, tags: [String], saved: Date)?) -> [Section] {
        var order: [HighlightSubject] = []
        var groups: [HighlightSubject: [Highlight]] = [:]
        for highlight in highlights {
            let key: HighlightSubject
            switch highlight.subject {
            case .bookmark(let source, let id, _): key = .bookmark(source: source, id: id, url: "")
            case .document: key = highlight.subject
            }
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(highlight)
        }
        return order.map { key in
            let group = (groups[key] ?? []).sorted { $0.id < $1.id }
            switch key {
            case .bookmark(_, let id, _): return .bookmark(bookmarks[id], group)
            case .document(let id):
                let found = document(id)
                return .document(title: found?.title, tags: found?.tags ?? [], saved: found?.saved, group)
            }
        }
    }

    /// One bookmark's note; `bookmark` nil when it is gone from the source (the highlight's own address is used).
    public static func note(for bookmark: Bookmark?, highlights: [Highlight]) -> String {
        note(.bookmark(bookmark, highlights))
    }

    /// One section as a note of its own.
    public static func note(_ section: Section) -> String {
        var lines = ["---", "title: \(yaml(section.title))"]
        if !section.url.isEmpty || section.kind == "bookmark" { lines.append("url: \(yaml(section.url))") }
        lines.append(section.tags.isEmpty ? "tags: []" : "tags:")
        for tag in section.tags { lines.append("  - \(yaml(tag))") }
        if let saved = section.saved { lines.append("saved: \(day(saved))") }
        if section.kind != "bookmark" { lines.append("kind: \(section.kind)") }
        lines += ["source: marks", "---", "", "# \(section.title)", ""]
        if !section.url.isEmpty { lines += ["<\(section.url)>", ""] }
        lines += quotes(section.highlights)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every bookmark's highlights as one note: front matter for the export, then a section per bookmark in the order
    /// given (`groups`: each bookmark, nil when gone, with its highlights).
    public static func collection(_ groups: [(bookmark: Bookmark?, highlights: [Highlight])], exportedAt: Date) -> String {
        collection(groups.map { Section.bookmark($0.bookmark, $0.highlights) }, exportedAt: exportedAt)
    }

    /// Every section (bookmarks' and documents') as one note: front matter for the export, then a section each in the
    /// order given.
    public static func collection(_ sections: [Section], exportedAt: Date) -> String {
        let count = sections.reduce(0) { $0 + $1.highlights.count }
        var lines = ["---", "title: \(yaml("Highlights"))", "exported: \(day(exportedAt))", "highlights: \(count)", "source: marks", "---", ""]
        for section in sections {
            lines += ["## \(section.title.replacingOccurrences(of: "\n", with: " "))", ""]
            var facts = section.url.isEmpty ? [] : ["<\(section.url)>"]
            if section.kind != "bookmark" { facts.append("a source (\(section.kind))") }
            if let saved = section.saved { facts.append("saved \(day(saved))") }
            if !section.tags.isEmpty { facts.append(section.tags.map { "#" + $0.replacingOccurrences(of: " ", with: "-") }.joined(separator: " ")) }
            if !facts.isEmpty { lines += [facts.joined(separator: " · "), ""] }
            lines += quotes(section.highlights)
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
