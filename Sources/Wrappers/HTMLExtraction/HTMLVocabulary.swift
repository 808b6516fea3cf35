/// Tag, role and class vocabularies used by the text extractors.
enum HTMLVocabulary {
    /// Elements whose content is never shown as text. `<head>` itself is not here: libxml2 2.9 does
    /// not know HTML5 elements and leaves `<article>`, `<nav>`, `<main>`... that follow head-only
    /// elements inside `<head>`, so head-only elements are skipped one by one instead.
    static let invisibleTags: Set<String> = [
        "title", "script", "style", "template", "noscript", "iframe", "object", "embed", "canvas",
        "video", "audio", "select", "datalist", "meta", "link", "base",
    ]

    /// Elements that start and end a line of text.
    static let blockTags: Set<String> = [
        "html", "body", "address", "article", "aside", "blockquote", "center", "dd", "details", "dialog", "dir",
        "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frameset", "h1", "h2", "h3",
        "h4", "h5", "h6", "header", "hgroup", "hr", "li", "legend", "main", "menu", "nav", "ol", "option", "p",
        "pre", "section", "summary", "table", "caption", "thead", "tbody", "tfoot", "tr", "ul", "textarea",
    ]

    /// Table cells: separated by a space, not a line.
    static let cellTags: Set<String> = ["td", "th"]

    static let headingTags: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

    /// True for `hidden` elements and inline `display:none` / `visibility:hidden`.
    static func isHidden(_ node: HTMLNode) -> Bool {
        if node.hasAttribute("hidden") { return true }
        guard let style = node.attribute("style") else { return false }
        let compact = style.lowercased().filter { !$0.isWhitespace }
        return compact.contains("display:none") || compact.contains("visibility:hidden")
    }
}
