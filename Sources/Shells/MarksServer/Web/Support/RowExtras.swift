import MarksPodcasts
import MarksReading

/// What a row shows beyond the bookmark itself: reading progress and length (from the reader view),
/// and the podcast state (from the podcast library; nil when the bookmark has no episode).
public struct RowExtras: Sendable, Equatable {
    /// Fraction read, 0…1, nil when never opened in the reader.
    public var progress: Double?
    /// Words in the extracted article, nil when unknown.
    public var wordCount: Int?
    /// Where the bookmark's podcast stands (queued, generating with progress, ready, played, failed); nil: none.
    public var podcast: PodcastRowState?

    /// Row extras; the default shows nothing extra.
    public init(progress: Double? = nil, wordCount: Int? = nil, podcast: PodcastRowState? = nil) {
        self.progress = progress
        self.wordCount = wordCount
        self.podcast = podcast
    }

    /// Minutes to read at 230 words a minute (at least 1), nil when the length is unknown.
    public var readingMinutes: Int? {
        guard let wordCount, wordCount > 0 else { return nil }
        return max(1, Int((Double(wordCount) / 230).rounded()))
    }

    /// The reader's figures for a bookmark: nothing extra when it was never opened in the reader.
    init(reading entry: ReadingStateStore.Entry?) {
        self.init(progress: entry?.progress, wordCount: entry?.words)
    }

    /// Nothing extra.
    public static let none = RowExtras()
}
