/// How much one import may bring: the original's size (default 100 MB), how many files one upload may hold,
/// and how much text is kept.
public struct DocumentLimits: Sendable, Equatable {
    /// Bytes of one original; more is `DocumentError.tooLarge` (HTTP 413 in the web app).
    public var maximumFileBytes: Int
    /// Files in one upload or one `marks source import`.
    public var maximumFilesPerUpload: Int
    /// UTF-8 bytes of text kept per source (the rest is cut, and the note says so).
    public var maximumTextBytes: Int

    /// Limits; the defaults are 100 MB, 50 files and 16 MB of text.
    public init(maximumFileBytes: Int = 100 << 20, maximumFilesPerUpload: Int = 50, maximumTextBytes: Int = 16 << 20) {
        self.maximumFileBytes = maximumFileBytes
        self.maximumFilesPerUpload = maximumFilesPerUpload
        self.maximumTextBytes = maximumTextBytes
    }
}
