/// The shell's icons as inline SVG (24×24, stroked with the text colour, hidden from assistive technology:
/// every icon sits beside a text label). No icon font, no extra request.
enum ShellIcons {
    /// The icon of a tab.
    static func icon(for tab: WebTab) -> HTML {
        switch tab {
        case .bookmarks: svg(#"<path d="M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z"/>"#)
        case .search: svg(#"<circle cx="11" cy="11" r="7"/><path d="M21 21l-4.35-4.35"/>"#)
        case .tags: svg(#"<path d="M20.59 13.41l-7.17 7.17a2 2 0 0 1-2.83 0L2 12V2h10l8.59 8.59a2 2 0 0 1 0 2.82z"/><path d="M7 7h.01"/>"#)
        case .podcasts: svg(#"<path d="M3 18v-6a9 9 0 0 1 18 0v6"/><path d="M21 19a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3zM3 19a2 2 0 0 0 2 2h1a2 2 0 0 0 2-2v-3a2 2 0 0 0-2-2H3z"/>"#)
        case .sources: svg(#"<path d="M4 11a9 9 0 0 1 9 9"/><path d="M4 4a16 16 0 0 1 16 16"/><circle cx="5" cy="19" r="1"/>"#)
        case .ask: svg(#"<path d="M21 11.5a8.4 8.4 0 0 1-9 8.5 8.4 8.4 0 0 1-3.8-.9L3 21l1.9-5.7A8.4 8.4 0 0 1 4 11.5 8.5 8.5 0 0 1 12.5 3 8.5 8.5 0 0 1 21 11.5z"/>"#)
        case .collections: svg(#"<path d="M12 2L2 7l10 5 10-5-10-5z"/><path d="M2 17l10 5 10-5"/><path d="M2 12l10 5 10-5"/>"#)
        case .settings: svg(#"<path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6"/>"#)
        case .highlights: svg(#"<path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z"/>"#)
        case .add: svg(#"<path d="M12 5v14M5 12h14"/>"#)
        case .more: svg(#"<circle cx="5" cy="12" r="1.5"/><circle cx="12" cy="12" r="1.5"/><circle cx="19" cy="12" r="1.5"/>"#)
        }
    }

    /// A warning triangle for problems (the error colour never speaks alone).
    static let problem = svg(#"<path d="M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z"/><path d="M12 9v4M12 17h.01"/>"#)

    /// A tick for good news.
    static let success = svg(#"<path d="M20 6L9 17l-5-5"/>"#)

    /// A source's kind: a note (pasted text), a PDF page, any other file.
    static let sourceText = svg(#"<path d="M4 6h16M4 10h16M4 14h10M4 18h7"/>"#)
    static let sourcePDF = svg(#"<path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z"/><path d="M14 2v6h6M8 13h8M8 17h5"/>"#)
    static let sourceFile = svg(#"<path d="M13 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z"/><path d="M13 2v7h7"/>"#)

    /// The reader's action bar.
    static let archive = svg(#"<path d="M21 8v13H3V8M1 3h22v5H1zM10 12h4"/>"#)
    static let next = svg(#"<path d="M5 12h14M13 6l6 6-6 6"/>"#)
    static let tag = icon(for: .tags)
    static let listen = icon(for: .podcasts)
    static let highlight = svg(#"<path d="M9 11l-6 6v3h9l3-3"/><path d="M22 12l-4.6 4.6a2 2 0 0 1-2.8 0l-5.2-5.2a2 2 0 0 1 0-2.8L14 4"/>"#)
    static let external = svg(#"<path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6M15 3h6v6M10 14L21 3"/>"#)

    /// The paths are literals in this file (markup from source, never from data).
    private static func svg(_ paths: HTML) -> HTML {
        """
        <svg class="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" fill="none" \
        stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">\(paths)</svg>
        """
    }
}
