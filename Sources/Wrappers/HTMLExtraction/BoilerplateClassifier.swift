import Foundation

/// Decides which elements are page furniture rather than article content: by tag, by ARIA role and
/// by words in `class` / `id` (navigation, menus, sidebars, comments, share bars, cookie and consent
/// banners, newsletter boxes, ads, ...).
struct BoilerplateClassifier {
    /// When false, only tags and roles count (the fallback when class rules removed too much).
    var usesClassNames = true

    /// Tags that never hold article text.
    static let tags: Set<String> = [
        "script", "style", "template", "noscript", "nav", "header", "footer", "aside", "form", "button", "svg",
        "iframe", "object", "embed", "canvas", "video", "audio", "select", "textarea", "input", "label", "dialog",
        "menu", "title", "meta", "link", "base", "math", "map",
    ]

    /// ARIA roles of page furniture.
    static let roles: Set<String> = [
        "navigation", "menu", "menubar", "menuitem", "complementary", "banner", "contentinfo", "dialog",
        "alertdialog", "search", "toolbar", "tablist", "form",
    ]

    /// Class/id words that always mark furniture.
    static let strongWords: Set<String> = [
        "comment", "comments", "commentlist", "disqus", "share", "shares", "sharing", "sharebar", "social",
        "socials", "cookie", "cookies", "consent", "gdpr", "cmp", "newsletter", "subscribe", "subscription",
        "signup", "ad", "ads", "adsense", "advert", "adverts", "advertisement", "advertising", "sponsor",
        "sponsored", "promo", "promotion", "popup", "modal", "outbrain", "taboola", "paywall", "donate",
    ]

    /// Class/id fragments that mark furniture even inside a longer word (e.g. "sidebarLeft").
    static let strongFragments = [
        "cookie", "consent", "newsletter", "advert", "sponsor", "disqus", "taboola", "outbrain", "sr-only",
        "screen-reader", "visually-hidden", "visuallyhidden", "sharedaddy", "sharing", "share-", "social-",
    ]

    /// Class/id words that mark furniture unless the same element also says it holds content.
    static let weakWords: Set<String> = [
        "nav", "navbar", "navigation", "menu", "menus", "submenu", "sidebar", "sidenav", "breadcrumb",
        "breadcrumbs", "header", "footer", "masthead", "pagination", "pager", "related", "recommended",
        "widget", "widgets", "banner", "toolbar", "skip", "tags", "tagcloud",
    ]

    static let weakFragments = ["sidebar", "navbar", "breadcrumb", "menu", "related"]

    /// Words that rescue an element from the weak rules.
    /// ("main" is not one: "main-nav" and "main-menu" are navigation.)
    static let contentWords: Set<String> = ["article", "body", "column", "content", "post", "entry", "story", "text"]

    /// Elements that are never removed for their class, id or role. (`<article>` is removed only by
    /// the strong words: comments are often articles too.)
    static let protectedTags: Set<String> = ["html", "body", "main"]

    /// Class fragments of the permalink anchors documentation generators put beside headings (Sphinx's
    /// `headerlink`, anchor.js, markdown-it-anchor, GitHub's `anchor`, MkDocs' permalinks).
    static let permalinkFragments = ["headerlink", "anchorjs", "header-anchor", "heading-anchor", "permalink", "anchor-link"]

    /// Words in a permalink anchor's `title` or `aria-label`.
    static let permalinkLabels = ["permalink", "link to this", "direct link to", "anchor link"]

    /// What a permalink anchor shows instead of words: "¶", "§", "#", a link symbol.
    static let permalinkSymbols: Set<String> = ["¶", "§", "#", "🔗", "⚓", "⚓︎", "🔗︎"]

    func isBoilerplate(_ node: HTMLNode, tag: String) -> Bool {
        if Self.tags.contains(tag) || HTMLVocabulary.isHidden(node) { return true }
        if tag == "a", Self.isPermalink(node) { return true }
        if Self.protectedTags.contains(tag) { return false }
        if let role = node.attribute("role")?.lowercased(), role != "main",
           role.split(separator: " ").contains(where: { Self.roles.contains(String($0)) }) {
            return true
        }
        guard usesClassNames else { return false }
        let names = [node.attribute("class"), node.attribute("id")].compactMap { $0 }.joined(separator: " ").lowercased()
        guard !names.isEmpty else { return false }
        return tag == "article" ? Self.matchesStrongly(names) : Self.matches(names)
    }

    /// True when the lowercased class + id text names something that is never content.
    static func matchesStrongly(_ names: String) -> Bool {
        let words = Set(names.split { !($0.isLetter || $0.isNumber) }.map(String.init))
        return !words.isDisjoint(with: strongWords) || strongFragments.contains(where: names.contains)
    }

    /// True when the lowercased class + id text marks furniture.
    static func matches(_ names: String) -> Bool {
        if matchesStrongly(names) { return true }
        let words = Set(names.split { !($0.isLetter || $0.isNumber) }.map(String.init))
        let weak = !words.isDisjoint(with: weakWords) || weakFragments.contains(where: names.contains)
        return weak && words.isDisjoint(with: contentWords)
    }

    /// True for a heading's permalink anchor (Sphinx's `<a class="headerlink" href="#id">¶</a>`): a link to a
    /// place in the same page whose class names it a permalink, or whose whole text is a symbol such as "¶".
    /// Its text is never part of the article (it showed as "Logging levels¶").
    static func isPermalink(_ node: HTMLNode) -> Bool {
        guard let href = node.attribute("href"), href.hasPrefix("#") else { return false }
        let names = (node.attribute("class") ?? "").lowercased()
        if permalinkFragments.contains(where: names.contains) { return true }
        // "Permalink to this headline" (older Sphinx, Jekyll), "Link to this heading" (Sphinx 7), "Direct link to…"
        // (Docusaurus): a title or label that says what the anchor is.
        let label = [node.attribute("title"), node.attribute("aria-label")].compactMap { $0 }.joined(separator: " ").lowercased()
        if permalinkLabels.contains(where: label.contains) { return true }
        let text = HTMLDocument.text(of: node).trimmingCharacters(in: .whitespacesAndNewlines)
        return permalinkSymbols.contains(text)
    }
}
