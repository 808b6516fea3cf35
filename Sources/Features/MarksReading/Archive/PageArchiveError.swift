/// Why the page-text archive could not do what was asked (a page that cannot be read is not one: that is a
/// `FetchError` or `ArticleReader.ReadError`, recorded with the page).
public enum PageArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database failed.
    case storage(String)
    /// A stored text could not be read back.
    case damaged(String)

    public var description: String {
        switch self {
        case .storage(let message): "The page-text archive could not be read or written: \(message)"
        case .damaged(let message): message
        }
    }
}
