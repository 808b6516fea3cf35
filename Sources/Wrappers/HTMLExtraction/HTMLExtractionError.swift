import Foundation

/// The few ways turning bytes into an HTML document can fail.
public enum HTMLExtractionError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The input had no bytes at all (after NUL bytes were removed).
    case emptyInput
    /// libxml2 returned no document for a non-empty input.
    case unparsable

    /// A message a person can act on.
    public var description: String {
        switch self {
        case .emptyInput: "The page is empty: there is no HTML to read."
        case .unparsable: "The page could not be read as HTML."
        }
    }

    /// Same as `description`, for Foundation's error reporting.
    public var errorDescription: String? { description }
}
