import MarksCore

/// An episode as written: its length, size, chapters and whether it was cut at the length limit.
public struct RenderedEpisode: Sendable, Equatable {
    /// The exact playing time (the samples spoken), in seconds.
    public var durationSeconds: Double
    /// The file's size in bytes.
    public var bytes: Int
    public var chapters: [ID3Tag.Chapter]
    /// True when the text went past the length limit and the episode stops with a note.
    public var wasCut: Bool
}
