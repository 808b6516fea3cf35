import MarksFetch

extension PageArchive {
    /// The stored text of `url` as enrichment reads a page: the article's title and its prose paragraphs (headings,
    /// code blocks and tables left out), separated by blank lines; nil when no text is stored or it has no prose.
    /// A summary of a bookmark with archived text is made from this, without fetching the page again.
    public func readablePage(url: String) throws -> PageTextReader.Page? {
        guard let page = try page(url: url), page.state == .stored, let content = page.content else { return nil }
        let text = ArticleBlocks.prose(of: content.tokens).joined(separator: "\n\n")
        guard !text.isEmpty else { return nil }
        return PageTextReader.Page(title: page.title ?? content.title, description: nil, text: text)
    }
}
