import Foundation
import MarksCore
import MarksDocuments

/// How the CLI prints sources: one line per source in lists, every field for `show`, and JSON.
enum SourceOutput {
    /// `1a2b3c4d  pdf   Title  (report.pdf, 12 pages, 1.2 MB)  #tag`.
    static func line(_ source: DocumentSummary) -> String {
        var details: [String] = []
        if let name = source.originalFilename { details.append(name.singleLine) }
        if let pages = source.pageCount { details.append("\(pages) \(source.pageUnit)\(pages == 1 ? "" : "s")") }
        if source.kind != .text { details.append(size(source.byteSize)) }
        if !source.hasText { details.append("no text") }
        var text = source.shortID + "  " + source.kind.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0) + source.displayTitle.singleLine
        if !details.isEmpty { text += "  (" + details.joined(separator: ", ") + ")" }
        if !source.tags.isEmpty { text += "  " + source.tags.map { "#" + $0 }.joined(separator: " ") }
        return text
    }

    /// Every field, then the text (with page markers for a PDF).
    static func detail(_ source: StoredDocument) -> String {
        let s = source.summary
        var lines = [
            "id:        \(s.id.uuidString.lowercased())",
            "url:       \(s.url)",
            "kind:      \(s.kind.rawValue)",
            "title:     \(s.displayTitle.singleLine)",
            "tags:      \(s.tags.joined(separator: ", "))",
        ]
        if let name = s.originalFilename { lines.append("file:      \(name.singleLine)") }
        if let type = s.mediaType { lines.append("type:      \(type)") }
        lines.append("size:      \(size(s.byteSize))")
        if let pages = s.pageCount { lines.append((s.pageUnit == "chapter" ? "chapters:  " : "pages:     ") + String(pages)) }
        lines.append("added:     \(LinkdingDate.format(s.createdAt))")
        lines.append("modified:  \(LinkdingDate.format(s.modifiedAt))")
        if let note = s.extractionNote { lines.append("note:      \(note.singleLine)") }
        lines.append("")
        if source.pages.count > 1 {
            for (offset, page) in source.pages.enumerated() {
                lines.append("— \(s.pageMarker(offset + 1)) —")
                lines.append(page)
            }
        } else {
            lines.append(source.body.isEmpty ? "(no text)" : source.body)
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ s: DocumentSummary) -> JSONValue {
        .object([
            ("id", .string(s.id.uuidString.lowercased())), ("url", .string(s.url)), ("kind", .string(s.kind.rawValue)),
            ("title", .string(s.title)), ("tags", .array(s.tags.map(JSONValue.string))),
            ("original_filename", .optional(s.originalFilename)), ("media_type", .optional(s.mediaType)),
            ("byte_size", .int(s.byteSize)), ("sha256", .string(s.sha256)), ("page_count", s.pageCount.map(JSONValue.int) ?? .null),
            ("text_length", .int(s.textLength)), ("has_text", .bool(s.hasText)), ("extraction_note", .optional(s.extractionNote)),
            ("date_added", .string(LinkdingDate.format(s.createdAt))), ("date_modified", .string(LinkdingDate.format(s.modifiedAt))),
            ("page_unit", .string(s.pageUnit)), ("date_deleted", .optional(s.deletedAt.map(LinkdingDate.format))),
        ])
    }

    static func json(_ source: StoredDocument) -> JSONValue {
        guard case .object(var fields) = json(source.summary) else { return json(source.summary) }
        fields.append(("text", .string(source.body)))
        fields.append(("pages", .array(source.pages.map(JSONValue.string))))
        return .object(fields)
    }

    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1 << 20 { return String(format: "%.1f KB", Double(bytes) / 1024) }
        return String(format: "%.1f MB", Double(bytes) / Double(1 << 20))
    }
}
