/// Why an episode could not be made, in words a person can act on.
public enum PodcastError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The article or text has nothing to narrate.
    case noReadableText(String)
    /// The page could not be fetched or read.
    case unreadable(String)
    /// The voice failed.
    case voice(SpeechError)
    /// The MP3 encoder failed.
    case encoding(String)
    /// The file could not be written (the disk full, a size limit).
    case disk(String)
    /// The request is not acceptable (too long, a bad URL).
    case invalid(String)
    /// The episodes table could not be read or written.
    case storage(String)

    public var description: String {
        switch self {
        case .noReadableText(let detail): "There is no readable text to narrate\(detail.isEmpty ? "" : ": \(detail)"). Send the text with the request, or pick a page with an article."
        case .unreadable(let reason): "The page could not be read: \(reason)"
        case .voice(let error): error.description
        case .encoding(let reason): "The audio could not be encoded: \(reason)"
        case .disk(let reason): "The episode could not be saved (is the disk full?): \(reason)"
        case .invalid(let reason): reason
        case .storage(let reason): "The podcast database failed: \(reason)"
        }
    }
}
