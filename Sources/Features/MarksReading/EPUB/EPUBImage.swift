import Foundation

/// An image put in an EPUB: the URL the article names it by, and the bytes with their media type (one of EPUB's core
/// raster types: PNG, JPEG, GIF).
public struct EPUBImage: Sendable, Equatable {
    public var url: String
    public var mediaType: String
    public var data: Data

    /// An image value.
    public init(url: String, mediaType: String, data: Data) {
        self.url = url
        self.mediaType = mediaType
        self.data = data
    }

    /// EPUB 3.2's core image types that Marks embeds (others are dropped, their alt text kept).
    public static let coreTypes: [String: String] = ["image/png": "png", "image/jpeg": "jpg", "image/gif": "gif"]
}
