import Foundation
import MarksDocuments
import MarksPodcasts

/// One source as a row (the Sources list, and Search results marked as sources): its kind's icon, the title (a
/// link to the source's page), the original filename, pages, size and date, its podcast state, and its tags. The filename is the
/// client's and only ever shown escaped (NULs and bidirectional overrides were removed when it was stored).
struct DocumentRowView {
    var source: DocumentSummary
    var dates: WebDate
    /// In Search results: a "Source" badge, so a source is not mistaken for a bookmark.
    var marked = false
    /// The source's podcast episode state, if it has one.
    var podcast: PodcastRowState?

    func render() -> HTML {
        let s = source
        let tags: HTML = s.tags.isEmpty ? .empty
            : "<ul class=\"tags\">\(HTML.each(s.tags) { "<li><a href=\"\(SafeURL.path("/sources", query: [("q", "#" + $0)]))\">#\($0)</a></li>" })</ul>"
        return """
            <li class="row source-row" id="s\(s.shortID)" data-kind="\(s.kind.rawValue)">\
            <h2><a href="\(SafeURL.path("/sources/" + s.id.uuidString.lowercased()))">\(s.displayTitle)</a></h2>\
            <p class="meta">\(Self.icon(s.kind))<span><span class="visually-hidden">\(Self.kindName(s.kind)), </span>\
            \(HTML.when(marked, "<span class=\"badge\">Source</span> "))\(Self.facts(s, dates: dates))</span>\(PodcastBadgeView.render(podcast))</p>\(tags)</li>
            """
    }

    /// Filename, pages, size, date and "no text", joined by middle dots.
    static func facts(_ s: DocumentSummary, dates: WebDate) -> HTML {
        var parts: [HTML] = []
        if let name = s.originalFilename, s.kind != .text, name != s.displayTitle { parts.append("<span class=\"filename\" dir=\"auto\">\(name)</span>") }
        if let pages = s.pageCount { parts.append("\(pages) \(s.pageUnit)\(pages == 1 ? "" : "s")") }
        parts.append(.text(size(s.byteSize)))
        parts.append("<time datetime=\"\(dates.iso(s.createdAt))\">\(dates.day(s.createdAt))</time>")
        if !s.hasText { parts.append("<span class=\"badge\">No text</span>") }
        return HTML.join(parts, separator: " · ")
    }

    static func icon(_ kind: DocumentKind) -> HTML {
        switch kind {
        case .text: ShellIcons.sourceText
        case .pdf: ShellIcons.sourcePDF
        case .file: ShellIcons.sourceFile
        }
    }

    static func kindName(_ kind: DocumentKind) -> String {
        switch kind {
        case .text: "Text"
        case .pdf: "PDF"
        case .file: "File"
        }
    }

    /// A limit in the words the limits use (`100 MB`).
    static func megabytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : size(bytes)
    }

    /// `512 bytes`, `12 KB`, `3.4 MB`.
    static func size(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) \(bytes == 1 ? "byte" : "bytes")" }
        if bytes < 1 << 20 { return "\(bytes / 1024) KB" }
        let tenths = (bytes * 10) / (1 << 20)
        return tenths >= 100 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
    }
}
