import Foundation

/// What the share flow saves: the link, a title when the payload gave one, and notes.
public struct IngestResult: Sendable, Equatable {
    /// The first bookmarkable (http/https) link found.
    public var url: URL
    /// The link's text (HTML link, Markdown link, RTF hyperlink), else an HTML payload's title.
    public var title: String?
    /// The text around the link, cleaned, at most 1,800 characters; "" when there is none.
    public var notes: String

    /// Creates a result.
    public init(url: URL, title: String?, notes: String) {
        self.url = url
        self.title = title
        self.notes = notes
    }
}
