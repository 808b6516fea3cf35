import Foundation
import HTMLExtraction

/// What the archive holds for one URL: the readable article (structure kept), or why the page could not be read.
public struct ArchivedPage: Sendable, Equatable {
    /// Stored text or a failure.
    public enum State: String, Sendable, Equatable {
        case stored
        case failed
    }

    /// The bookmark's URL (the key).
    public var url: String
    public var state: State
    /// Where the text came from after redirects (stored pages).
    public var finalURL: String?
    public var title: String?
    /// The sanitised article (stored pages).
    public var content: ArticleContent?
    /// Why the page could not be read (failed pages), in words a person can act on.
    public var error: String?
    /// Fetches tried so far.
    public var attempts: Int
    public var fetchedAt: Date
    /// When a failed page is tried again by the background sweep; nil when it is not (a page that answered 404,
    /// is not HTML, or failed too often: `marks archive-text --all` still tries it).
    public var retryAfter: Date?

    /// A value.
    public init(url: String, state: State, finalURL: String? = nil, title: String? = nil, content: ArticleContent? = nil,
                error: String? = nil, attempts: Int = 1, fetchedAt: Date, retryAfter: Date? = nil) {
        self.url = url
        self.state = state
        self.finalURL = finalURL
        self.title = title
        self.content = content
        self.error = error
        self.attempts = attempts
        self.fetchedAt = fetchedAt
        self.retryAfter = retryAfter
    }

    /// The stored article as the reader view shows it; nil for a failed page.
    public var article: ReadableArticle? {
        guard state == .stored, let content else { return nil }
        let blocks = ArticleBlocks.blocks(of: content.tokens)
        return ReadableArticle(url: finalURL ?? url, title: title, paragraphs: blocks.map(\.text), wordCount: content.wordCount,
                               content: content)
    }
}
