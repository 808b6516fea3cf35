/// Why a file could not be read as a Netscape bookmark file.
public enum NetscapeError: Error, Equatable, Sendable {
    /// The text has neither the Netscape doctype nor any `<DT><A …>` bookmark.
    case notABookmarkFile

    /// A sentence for a person.
    public var message: String {
        switch self {
        case .notABookmarkFile:
            return "This is not a bookmark file. Export one as HTML from your browser (Bookmarks → Export) or from linkding (Settings → General → Export)."
        }
    }
}
