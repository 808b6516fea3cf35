import MarksFetch

/// What the reader knows of its images' sizes: the proxy tells each image it serves (`remember`), the reader asks
/// before it renders an article (`sizes`), so an image the page gave no size for is sized before it loads from its
/// second showing on. The composition root keeps them in the page archive.
public struct ReaderImageSizes: Sendable {
    /// The known sizes of those of the addresses the proxy has served.
    public var sizes: @Sendable ([String]) throws -> [String: ImageSize]
    /// Remembers an image's size by its address.
    public var remember: @Sendable (String, ImageSize) throws -> Void

    /// The two seams.
    public init(sizes: @escaping @Sendable ([String]) throws -> [String: ImageSize],
                remember: @escaping @Sendable (String, ImageSize) throws -> Void) {
        self.sizes = sizes
        self.remember = remember
    }
}
