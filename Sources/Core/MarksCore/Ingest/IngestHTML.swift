import Foundation

/// What an HTML payload offers the ingest parser once read: its visible text, the page's title and its links in
/// document order. The core parses no HTML itself: the reader comes in from a layer with the HTML wrapper
/// (`IngestPayloadParser.parse(_:)` in MarksLibrary passes the libxml2 one).
public struct IngestHTML: Sendable, Equatable {
    /// One `<a href>`: its resolved address and its text.
    public struct Link: Sendable, Equatable {
        public var url: URL
        public var text: String

        /// A link as given.
        public init(url: URL, text: String) {
            self.url = url
            self.text = text
        }
    }

    /// The text a reader sees.
    public var text: String
    /// The page's title (`og:title`, else `<title>`).
    public var title: String?
    /// The links, in document order.
    public var links: [Link]

    /// A reading as given.
    public init(text: String, title: String?, links: [Link]) {
        self.text = text
        self.title = title
        self.links = links
    }
}

/// Reads an HTML payload (`baseURL` resolves relative links); nil when it is empty or unreadable.
public typealias IngestHTMLReader = @Sendable (_ html: String, _ baseURL: URL?) -> IngestHTML?
