import Foundation

/// The few ways turning bytes into an HTML document can fail.
public enum HTMLExtractionError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The input had no bytes at all (after NUL bytes were removed).
    case emptyInput
    /// libxml2 returned no document for a non-empty input.
    case unparsable
    /// An XML document that is not well-formed: libxml2's reason and line.
    case notWellFormed(String)
    /// An XML document over the reader's limits (bytes or elements).
    case tooLarge(String)
    /// An XML document whose DTD declares entities (an entity bomb or an external entity such as `file:///etc/passwd`):
    /// refused, never expanded.
    case declaresEntities

    /// A message a person can act on.
    public var description: String {
        switch self {
        case .emptyInput: "The page is empty: there is no HTML to read."
        case .unparsable: "The page could not be read as HTML."
        case .notWellFormed(let reason): "The XML is not well-formed: \(reason)."
        case .tooLarge(let limit): "The XML document is too large (\(limit))."
        case .declaresEntities: "The XML document declares entities (refused: an entity bomb or an external file)."
        }
    }

    /// Same as `description`, for Foundation's error reporting.
    public var errorDescription: String? { description }
}
