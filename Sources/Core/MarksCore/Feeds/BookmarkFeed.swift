import Foundation

/// linkding's bookmark feeds as RSS 2.0, written the way linkding's (Django's) feed writer does, so a reader subscribed
/// to a linkding feed reads Marks's the same: the channel's title, link, description, `atom:link rel="self"`,
/// `language` and `lastBuildDate` (the newest item's date); each item's title (the bookmark's title, else its URL),
/// link and `guid` (the URL), description (the bookmark's description), `pubDate` (when it was added) and one
/// `category` per tag, sorted. Characters XML cannot carry are dropped (linkding drops control characters too).
public struct BookmarkFeed: Sendable, Equatable {
    /// Which of linkding's feeds, with its title and description.
    public enum Kind: String, Sendable, CaseIterable {
        case all
        case unread
        case shared
        case publicShared

        public var title: String {
            switch self {
            case .all: "All bookmarks"
            case .unread: "Unread bookmarks"
            case .shared: "Shared bookmarks"
            case .publicShared: "Public shared bookmarks"
            }
        }

        public var description: String {
            switch self {
            case .all: "All bookmarks"
            case .unread: "All unread bookmarks"
            case .shared: "All shared bookmarks"
            case .publicShared: "All public shared bookmarks"
            }
        }
    }

    public var kind: Kind
    /// The feed's own address (`link` and `atom:link`).
    public var selfURL: String
    /// Newest first, as given.
    public var bookmarks: [Bookmark]

    public init(kind: Kind, selfURL: String, bookmarks: [Bookmark]) {
        self.kind = kind
        self.selfURL = selfURL
        self.bookmarks = bookmarks
    }

    /// The feed document, UTF-8 XML.
    public func xml() -> String {
        var out = """
            <?xml version="1.0" encoding="utf-8"?>
            <rss xmlns:atom="http://www.w3.org/2005/Atom" version="2.0"><channel><title>\(XMLText.escape(kind.title))</title>\
            <link>\(XMLText.escape(selfURL))</link><description>\(XMLText.escape(kind.description))</description>\
            <atom:link href="\(XMLText.escape(selfURL))" rel="self"></atom:link><language>en-us</language>
            """
        if let newest = bookmarks.map(\.dateAdded).max() {
            out += "<lastBuildDate>\(RFC822Date.format(newest))</lastBuildDate>"
        }
        for bookmark in bookmarks {
            let title = bookmark.title.isEmpty ? bookmark.url : bookmark.title
            out += "<item><title>\(XMLText.escape(title))</title><link>\(XMLText.escape(bookmark.url))</link>"
            out += "<description>\(XMLText.escape(bookmark.description))</description>"
            out += "<pubDate>\(RFC822Date.format(bookmark.dateAdded))</pubDate><guid>\(XMLText.escape(bookmark.url))</guid>"
            for tag in bookmark.tagNames.sorted() { out += "<category>\(XMLText.escape(tag))</category>" }
            out += "</item>"
        }
        return out + "</channel></rss>"
    }
}
