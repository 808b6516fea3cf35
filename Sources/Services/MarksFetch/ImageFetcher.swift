import Foundation

/// Fetches images for the reader's image proxy and for favicons through the one `PageFetcher` (its address
/// checks, deadline and rate), with a smaller size cap, and passes on only raster images: the site must declare
/// an `image/…` type other than SVG, and the bytes must really be PNG, JPEG, GIF, WebP, AVIF or ICO.
public struct ImageFetcher: Sendable {
    /// Why an image was refused.
    public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
        case httpStatus(Int)
        /// The declared type is not an image Marks serves.
        case notAnImage(String)
        /// The bytes are not one of the raster formats.
        case unrecognisedBytes
        case tooLarge(limit: Int)

        public var description: String {
            switch self {
            case .httpStatus(let status): "The image answered HTTP \(status)."
            case .notAnImage(let type): "Not an image Marks shows (\(type.prefix(80)))."
            case .unrecognisedBytes: "The image is not PNG, JPEG, GIF, WebP, AVIF or ICO."
            case .tooLarge(let limit): "The image is larger than \(limit / 1024) KB."
            }
        }
    }

    /// Images for the reader: at most 4 MB each.
    public static let readerImageLimit = 4 * 1024 * 1024
    /// Favicons: at most 100 KB.
    public static let faviconLimit = 100 * 1024

    private let fetcher: PageFetcher

    /// An image fetcher over the one page fetcher.
    public init(fetcher: PageFetcher) {
        self.fetcher = fetcher
    }

    /// Fetches the image at `url`, at most `maxBytes` long. Throws `FetchError` or `ImageError`.
    public func fetch(_ url: URL, maxBytes: Int) async throws -> RemoteImage {
        let page: FetchedPage
        do {
            page = try await fetcher.fetch(url, maxBytes: maxBytes, accept: "image/avif,image/webp,image/png,image/jpeg,image/gif,image/x-icon;q=0.9")
        } catch FetchError.network(.bodyTooLarge) {
            throw ImageError.tooLarge(limit: maxBytes)
        }
        guard (200...299).contains(page.status) else { throw ImageError.httpStatus(page.status) }
        let declared = page.contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard declared.hasPrefix("image/"), !declared.contains("svg") else { throw ImageError.notAnImage(declared.isEmpty ? "no type" : declared) }
        guard !page.truncated, page.body.count <= maxBytes else { throw ImageError.tooLarge(limit: maxBytes) }
        guard let format = RemoteImage.Format.sniff(page.body) else { throw ImageError.unrecognisedBytes }
        return RemoteImage(format: format, data: page.body, url: page.url)
    }
}
