/// Why a podcast could not be asked for or fetched, in words a person can act on.
public enum PodcastGenerationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The backend does not know the job (its database was reset): the episode is asked for again.
    case unknownJob(String)
    /// A source with no text to read.
    case noText(String)
    /// The item cannot be made into a podcast (no such bookmark or source, not a web address).
    case invalidItem(String)
    /// The backend said the job is done but its audio could not be fetched.
    case download(String)

    public var description: String {
        switch self {
        case .unknownJob(let id): "The podcast backend has no job \(id.prefix(64)); ask for the episode again."
        case .noText(let title): "\"\(title.prefix(200))\" has no text to read aloud (an image-only PDF?)."
        case .invalidItem(let reason): reason
        case .download(let reason): "The episode's audio could not be fetched: \(reason)"
        }
    }
}
