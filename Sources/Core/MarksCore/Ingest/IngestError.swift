import Foundation

/// Why shared content could not become a bookmark.
public enum IngestError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// No payload held an http or https link.
    case noLinkFound

    /// A message a person can act on.
    public var description: String {
        switch self {
        case .noLinkFound: "No link found"
        }
    }

    /// Same as `description`, for Foundation's error reporting.
    public var errorDescription: String? { description }
}
