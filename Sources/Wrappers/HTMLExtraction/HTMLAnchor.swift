import Foundation

/// One `<a href>` of a page: its absolute URL and its visible text.
public struct HTMLAnchor: Sendable, Equatable {
    /// The href, resolved against the page's base URL.
    public var url: URL
    /// The link's text, whitespace-collapsed (may be empty, e.g. for an image link).
    public var text: String

    /// Creates an anchor.
    public init(url: URL, text: String) {
        self.url = url
        self.text = text
    }
}
