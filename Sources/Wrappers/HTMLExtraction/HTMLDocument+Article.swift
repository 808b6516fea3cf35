extension HTMLDocument {
    /// The article with its structure — headings, paragraphs, lists, links, images, code, quotes and tables —
    /// found the way `readableText()` finds it and passed through the allow-list sanitiser (`ArticleSanitizer`).
    public func article() -> ArticleContent {
        let title = articleTitle(metadata: metadata)
        guard let body = rootElement else { return ArticleContent(title: title, tokens: [], wordCount: 0, imageCount: 0) }
        let strict = article(below: body, classifier: BoilerplateClassifier(), title: title)
        if strict.wordCount >= 10 { return strict }
        let relaxed = article(below: body, classifier: BoilerplateClassifier(usesClassNames: false), title: title)
        return relaxed.wordCount > strict.wordCount ? relaxed : strict
    }

    private func article(below scope: HTMLNode, classifier: BoilerplateClassifier, title: String?) -> ArticleContent {
        let (roots, stats) = ReadableTextExtractor(classifier: classifier).contentRoots(below: scope)
        var sanitizer = ArticleSanitizer(document: self, classifier: classifier, stats: stats, title: title)
        for root in roots {
            sanitizer.add(root, includingRoot: root.address != scope.address)
        }
        let tokens = sanitizer.finish()
        return ArticleContent(title: title, tokens: tokens, wordCount: sanitizer.wordCount, imageCount: sanitizer.imageCount)
    }
}
