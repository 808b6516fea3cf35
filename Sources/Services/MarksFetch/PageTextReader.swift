import Foundation
import HTMLExtraction

/// Fetches a page and reads its article text (the step before enrichment when a client sends no text):
/// the `PageFetcher`'s limits and address policy, then the HTML wrapper's readable-text extraction.
public struct PageTextReader: Sendable {
    /// What was read from a page.
    public struct Page: Sendable, Equatable {
        /// The article's title, when the page has one.
        public var title: String?
        /// The page's description (og:description or meta description).
        public var description: String?
        /// The readable text: paragraphs separated by blank lines (empty when none was found).
        public var text: String

        /// A page read elsewhere (the archive's stored text).
        public init(title: String?, description: String?, text: String) {
            self.title = title
            self.description = description
            self.text = text
        }
    }

    /// A page that was fetched but cannot be read.
    public enum ReadError: Error, Equatable, Sendable, CustomStringConvertible {
        /// Neither HTML nor plain text.
        case unsupportedType(String)
        /// The HTML could not be parsed.
        case unparsable

        public var description: String {
            switch self {
            case .unsupportedType(let type): "The page is \(type.prefix(100)), not HTML or text."
            case .unparsable: "The page's HTML could not be read."
            }
        }
    }

    private let fetcher: PageFetcher

    /// A reader fetching with `fetcher`.
    public init(fetcher: PageFetcher) {
        self.fetcher = fetcher
    }

    /// Fetches `url` and reads its text; throws a `FetchError` or a `ReadError`.
    public func read(_ url: URL) async throws -> Page {
        let fetched = try await fetcher.fetch(url)
        guard (200...299).contains(fetched.status) else { throw FetchError.httpStatus(fetched.status) }
        let type = fetched.contentType?.lowercased() ?? ""
        if type.hasPrefix("text/plain") {
            return Page(title: nil, description: nil, text: String(decoding: fetched.body, as: UTF8.self))
        }
        guard fetched.isHTML else { throw ReadError.unsupportedType(type) }
        let document: HTMLDocument
        do {
            document = try HTMLDocument(html: fetched.body, url: fetched.url)
        } catch {
            throw ReadError.unparsable
        }
        let readable = document.readableText()
        return Page(title: readable.title ?? document.metadata.bestTitle, description: document.metadata.bestDescription,
                    text: readable.text)
    }
}
