extension HTMLDocument {
    /// The main article text, Readability-style.
    ///
    /// Furniture is removed first: scripts, styles, `nav`, `header`, `footer`, `aside`, forms,
    /// buttons, SVG, iframes, hidden elements, ARIA navigation/complementary/banner roles, and
    /// elements whose class or id name navigation, menus, sidebars, comments, share bars, cookie or
    /// consent banners, newsletter boxes or ads. Then the article is `itemprop=articleBody`,
    /// `<article>`, `<main>` or `role=main` (with at least 250 characters), else the element with the
    /// best text-density score plus siblings that score close to it. Paragraphs, headings and list
    /// items become paragraphs; blocks that are mostly links, have no letters or digits, repeat the
    /// previous one, or repeat the title at the start are dropped.
    public func readableText() -> ReadableText {
        let metadata = metadata
        let title = articleTitle(metadata: metadata)
        // The whole <html> element, not <body>: libxml2 may leave HTML5 content inside <head>.
        guard let body = rootElement else { return ReadableText(title: title, paragraphs: [], language: metadata.language) }
        var blocks = ReadableTextExtractor(classifier: BoilerplateClassifier()).blocks(below: body)
        if blocks.reduce(0, { $0 + $1.byteCount }) < 50 {
            let relaxed = ReadableTextExtractor(classifier: BoilerplateClassifier(usesClassNames: false)).blocks(below: body)
            if relaxed.reduce(0, { $0 + $1.byteCount }) >= ReadableTextExtractor.minimumPreferredLength { blocks = relaxed }
        }
        return ReadableText(title: title, paragraphs: Self.clean(blocks, title: title), language: metadata.language)
    }

    /// Short lines that are page furniture even inside an article.
    static let furniturePhrases: Set<String> = [
        "advertisement", "advertisements", "ad", "sponsored", "share", "share this", "share this article",
        "share this story", "share on facebook", "share on twitter", "tweet", "read more", "continue reading",
        "subscribe", "sign up", "skip to content", "skip to main content", "related", "related articles",
        "related posts", "comments", "leave a comment", "print", "email", "back to top",
    ]

    /// Whether a short line is page furniture ("Print", "Share this"): its comparison key (`key`) is a furniture
    /// phrase and it is not code — `print()` in a table of Python's functions is content.
    static func isFurniture(_ text: String, key: String) -> Bool {
        furniturePhrases.contains(key) && !text.contains(where: { "()[]{}<>=_/\\`".contains($0) })
    }

    static func clean(_ blocks: [TextBlock], title: String?) -> [String] {
        var paragraphs: [String] = []
        let titleKey = title.map(comparisonKey)
        for block in blocks {
            let text = block.text
            guard text.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil })
            else { continue }
            if block.linkDensity > 0.5 { continue }
            if paragraphs.last == text { continue }
            // Furniture phrases and titles are short: only short blocks need the (slower) comparison key.
            if block.byteCount <= 512 {
                let key = comparisonKey(text)
                if isFurniture(text, key: key) { continue }
                if paragraphs.isEmpty, key == titleKey { continue }
            }
            paragraphs.append(text)
        }
        return paragraphs
    }

    static func comparisonKey(_ text: String) -> String {
        text.lowercased().trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
    }

    /// og:title, else the first `<h1>` when `<title>` contains it, else `<title>` without the site
    /// name, else the first `<h1>`.
    func articleTitle(metadata: PageMetadata) -> String? {
        if let ogTitle = metadata.ogTitle { return ogTitle }
        let heading = firstHeading()
        if let title = metadata.title {
            if let heading, title.localizedCaseInsensitiveContains(heading) { return heading }
            return Self.removingSiteName(from: title, siteName: metadata.siteName)
        }
        return heading
    }

    private func firstHeading() -> String? {
        var heading: String?
        walk { node in
            guard node.isElement else { return .skipChildren }
            let tag = node.tagName
            if tag == "h1" {
                heading = Self.text(of: node).collapsedOrNil
                return heading == nil ? .skipChildren : .stop
            }
            return HTMLVocabulary.invisibleTags.contains(tag) ? .skipChildren : .descend
        }
        return heading
    }

    /// "Story | Site" → "Story" when "Site" is the page's site name.
    static func removingSiteName(from title: String, siteName: String?) -> String {
        guard let siteName = siteName?.lowercased() else { return title }
        for separator in [" | ", " - ", " – ", " — ", " · ", " :: ", " » "] where title.contains(separator) {
            let parts = title.components(separatedBy: separator)
            let kept = parts.filter { $0.trimmingCharacters(in: .whitespaces).lowercased() != siteName }
            if kept.count < parts.count, !kept.isEmpty { return kept.joined(separator: separator) }
        }
        return title
    }
}
