import Foundation
import HTMLExtraction
import MarksCore

extension PageArchive {
    /// `url`'s stored text as the Marks export holds it; nil when none is stored.
    func exportedPage(url: String) throws -> MarksExportFile.Page? {
        guard let page = try page(url: url), page.state == .stored, let content = page.content else { return nil }
        return MarksExportFile.Page(finalURL: page.finalURL, title: page.title, tokens: ArticleTokenCoding.rows(of: content.tokens),
                                    wordCount: content.wordCount, fetchedAt: LinkdingDate.format(page.fetchedAt))
    }

    /// Checks a page from a Marks export (every token against the allow-lists); the article to store, or why not.
    static func checked(_ page: MarksExportFile.Page) throws -> (content: ArticleContent, fetchedAt: Date) {
        guard let fetchedAt = LinkdingDate.parse(page.fetchedAt) else {
            throw ArticleTokenCoding.Damaged(reason: "its fetch date is not an ISO 8601 date-time")
        }
        let tokens = try ArticleTokenCoding.decode(rows: page.tokens)
        return (ArticleContent(title: page.title, tokens: tokens, wordCount: max(0, page.wordCount), imageCount: 0), fetchedAt)
    }

    /// Stores the pages of a Marks export whose URLs have no stored text yet (a text fetched here is newer than the
    /// file's, and importing twice changes nothing); each is handed to the search index. Returns how many.
    func restore(_ pages: [(url: String, page: MarksExportFile.Page)]) async throws -> Int {
        var stored: [StoredText] = []
        for (url, page) in pages {
            if let existing = try self.page(url: url), existing.state == .stored { continue }
            let (content, fetchedAt) = try storage { try Self.checked(page) }
            var text = try store(url, finalURL: page.finalURL ?? url, title: page.title, content: content, fetchedAt: fetchedAt)
            text.fetchedAt = fetchedAt  // a summary made after this fetch already read it: not made again
            stored.append(text)
        }
        if !stored.isEmpty { await didStore(stored) }
        return stored.count
    }
}
