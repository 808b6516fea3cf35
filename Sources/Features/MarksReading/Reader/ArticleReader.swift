import Foundation
import HTMLExtraction
import MarksFetch

/// The reader view's library call: fetches a bookmarked page with `PageFetcher` (its limits and address
/// checks) and reduces it to readable text with `HTMLDocument.readableText()` and to the sanitised structured article with
/// `HTMLDocument.article()`.
public struct ArticleReader: Sendable {
    /// Why a page could not be read.
    public enum ReadError: Error, Equatable, Sendable, CustomStringConvertible {
        case notHTML(String)
        case httpStatus(Int)
        case unparsable

        public var description: String {
            switch self {
            case .notHTML(let type): return "the page is not HTML (\(type.prefix(80))); open the original instead."
            case .httpStatus(let status): return "the page answered HTTP \(status)."
            case .unparsable: return "the page could not be parsed as HTML."
            }
        }
    }

    private let fetcher: PageFetcher

    /// A reader over a fetcher.
    public init(fetcher: PageFetcher) {
        self.fetcher = fetcher
    }

    /// The readable text of the page at `url`. Throws `FetchError` (network, address, size, time) or `ReadError`.
    public func read(_ url: String) async throws -> ReadableArticle {
        guard let address = URL(string: url) else { throw FetchError.invalidURL(url) }
        let page = try await fetcher.fetch(address)
        guard (200...299).contains(page.status) else { throw ReadError.httpStatus(page.status) }
        guard page.isHTML else { throw ReadError.notHTML(page.contentType ?? "unknown type") }
        return try Self.article(html: page.body, url: page.url)
    }

    /// The readable text of HTML already at hand.
    public static func article(html: Data, url: URL) throws -> ReadableArticle {
        let document: HTMLDocument
        do {
            document = try HTMLDocument(html: html, url: url)
        } catch {
            throw ReadError.unparsable
        }
        let text = document.readableText()
        let content = document.article()
        return ReadableArticle(url: url.absoluteString, title: text.title, paragraphs: text.paragraphs,
                               wordCount: content.isEmpty ? text.wordCount : content.wordCount, content: content.isEmpty ? nil : content)
    }
}
