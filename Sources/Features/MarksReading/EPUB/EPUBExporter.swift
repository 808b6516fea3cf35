import Foundation
import HTMLExtraction
import MarksCore
import MarksFetch

/// A bookmark as an EPUB, for e-readers (the wallabag endpoints' `export.epub`): the page's archived article (nothing
/// is fetched for the text; a bookmark without one gets its description and notes), and its images fetched through the
/// size-capped `ImageFetcher` (the one page fetcher's rules), at most `maxImages` of them and `maxImageBytes` in all.
/// An image that fails, or is not PNG, JPEG or GIF, is left out and its alt text kept.
public struct EPUBExporter: Sendable {
    /// The most images one book carries.
    public static let maxImages = 40
    /// The most image bytes one book carries.
    public static let maxImageBytes = 24 * 1024 * 1024

    private let archive: PageArchive
    private let images: ImageFetcher?
    private let warn: @Sendable (String) -> Void

    /// An exporter over `archive`; without `images`, books carry no images.
    public init(archive: PageArchive, images: ImageFetcher?, warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.archive = archive
        self.images = images
        self.warn = warn
    }

    /// The book for `bookmark`.
    public func book(for bookmark: Bookmark) async throws -> EPUBBook {
        let page = try archive.page(url: bookmark.url)
        let content = page?.state == .stored ? page?.content : nil
        var book = EPUBBook(identifier: "urn:marks:bookmark:\(bookmark.id)", title: bookmark.title.isEmpty ? (page?.title ?? "") : bookmark.title,
                            creator: bookmark.domain, modified: bookmark.dateModified, sourceURL: bookmark.url)
        if let content, !content.isEmpty {
            book.tokens = content.tokens
            book.images = await fetchImages(Self.imageURLs(content.tokens))
        } else {
            book.fallbackParagraphs = [bookmark.description, bookmark.notes]
        }
        return book
    }

    /// The EPUB file for `bookmark`.
    public func epub(for bookmark: Bookmark) async throws -> Data {
        try await book(for: bookmark).zip()
    }

    /// The image URLs an article shows, in order, each once, at most `maxImages`.
    static func imageURLs(_ tokens: [ArticleToken]) -> [String] {
        var seen = Set<String>()
        var urls: [String] = []
        for token in tokens {
            guard case .start(.img, let attributes) = token, let source = attributes.first(where: { $0.name == .src })?.value,
                  seen.insert(source).inserted else { continue }
            urls.append(source)
            if urls.count == maxImages { break }
        }
        return urls
    }

    private func fetchImages(_ urls: [String]) async -> [EPUBImage] {
        guard let images, !urls.isEmpty else { return [] }
        let warn = self.warn
        let fetched = await withTaskGroup(of: (Int, EPUBImage?).self) { group in
            for (index, text) in urls.enumerated() {
                group.addTask {
                    guard let url = URL(string: text) else { return (index, nil) }
                    do {
                        let image = try await images.fetch(url, maxBytes: ImageFetcher.readerImageLimit)
                        guard EPUBImage.coreTypes[image.format.rawValue] != nil else { return (index, nil) }
                        return (index, EPUBImage(url: text, mediaType: image.format.rawValue, data: image.data))
                    } catch {
                        warn("an image of an EPUB was left out (\(String(describing: error).prefix(200)))")
                        return (index, nil)
                    }
                }
            }
            var found: [(Int, EPUBImage?)] = []
            for await result in group { found.append(result) }
            return found
        }
        var total = 0
        var kept: [EPUBImage] = []
        for (_, image) in fetched.sorted(by: { $0.0 < $1.0 }) {
            guard let image, total + image.data.count <= Self.maxImageBytes else { continue }
            total += image.data.count
            kept.append(image)
        }
        return kept
    }
}
