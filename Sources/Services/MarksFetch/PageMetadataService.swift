import Foundation
import HTMLExtraction
import MarksCore

/// Page metadata for `check` and for filling an empty title on create: fetches the page with the
/// `PageFetcher`'s limits and reads its head with the HTML wrapper. Best effort — any failure gives
/// metadata with only the URL (linkding behaves the same) — and a small in-memory cache, as linkding keeps.
public actor PageMetadataService {
    private let fetcher: PageFetcher
    private let capacity: Int
    private var cache: [String: BookmarkCheck.Metadata] = [:]
    private var order: [String] = []

    /// A service over a fetcher, caching up to `capacity` pages.
    public init(fetcher: PageFetcher, capacity: Int = 128) {
        self.fetcher = fetcher
        self.capacity = capacity
    }

    /// The metadata of the page at `url`; `url` is echoed as given.
    public func metadata(for url: String) async -> BookmarkCheck.Metadata {
        if let cached = cache[url] { return cached }
        var result = BookmarkCheck.Metadata(url: url)
        if let target = URL(string: url.trimmingCharacters(in: .whitespaces)),
           let page = try? await fetcher.fetch(target), // safe: metadata is best effort; the bookmark is saved without it
           page.isHTML, (200...299).contains(page.status),
           let document = try? HTMLDocument(html: page.body, url: page.url) { // safe: unparsable pages have no metadata
            let meta = document.metadata
            result.title = meta.bestTitle
            result.description = meta.bestDescription
            result.previewImage = meta.ogImage?.absoluteString
        }
        remember(url, result)
        return result
    }

    private func remember(_ url: String, _ metadata: BookmarkCheck.Metadata) {
        cache[url] = metadata
        order.append(url)
        if order.count > capacity {
            cache[order.removeFirst()] = nil
        }
    }
}
