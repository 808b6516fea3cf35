import Foundation

/// A bookmarkable link found in one payload.
struct IngestLink {
    /// The http/https URL (scheme and host lowercased).
    var url: URL
    /// Text a person gave the link (HTML link text, Markdown link text, RTF field result), if any.
    var title: String?
    /// Where the link sits in the payload's text, in UTF-8 bytes: the part notes leave out. Nil when
    /// the URL is not part of the text (an HTML href, an RTF field target).
    var span: Range<Int>?
    /// What replaces `span` in the notes: a Markdown link's text, otherwise "".
    var replacement: String
    /// Position in the payload's text, to pick the first link when several kinds are found.
    var offset: Int
}
