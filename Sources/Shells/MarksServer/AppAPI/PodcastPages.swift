import Foundation
import MarksCore
import MarksFetch
import MarksReading
import MarksPodcasts

/// Reads an article for a podcast: the one `PageFetcher` (its limits and address policy), then the article's
/// structure through `PodcastArticle` (HTML) or the text as it is (text/plain).
public enum PodcastPages {
    /// The narration source of the page at `url`: the text the page-text archive keeps for it when it has one (as the
    /// reader reads it: an episode of an archived page is made offline), else the page fetched now.
    public static func read(_ url: URL, archive: PageArchive, fetcher: PageFetcher) async throws -> NarrationSource {
        if let kept = try archive.page(url: url.absoluteString), kept.state == .stored, let content = kept.content,
           !content.tokens.isEmpty {
            return PodcastArticle.source(article: content, title: kept.title, url: URL(string: kept.finalURL ?? "") ?? url)
        }
        return try await read(url, fetcher: fetcher)
    }

    /// The narration source of the page at `url`. Throws `FetchError` or `PodcastError.unreadable`.
    public static func read(_ url: URL, fetcher: PageFetcher) async throws -> NarrationSource {
        let page = try await fetcher.fetch(url)
        guard (200...299).contains(page.status) else { throw PodcastError.unreadable("the page answered HTTP \(page.status)") }
        let type = page.contentType?.lowercased() ?? ""
        if type.hasPrefix("text/plain") {
            return PodcastArticle.source(plainText: String(decoding: page.body, as: UTF8.self), url: page.url)
        }
        guard page.isHTML else { throw PodcastError.unreadable("it is \(type.isEmpty ? "of no declared type" : type.prefix(80)), not HTML or text") }
        return try PodcastArticle.source(html: page.body, url: page.url)
    }
}
