import Foundation
import HTMLExtraction
import MarksCore

/// A list of feeds in OPML, the format feed readers import and export: each `outline` with an `xmlUrl` is a feed
/// (its `title` or `text`, its `htmlUrl`); the outlines it sits inside (folders, by their `text`) and its `category`
/// attribute (`/a/b,c`) become its tags. Read through `XMLOutline` (no entities, no network, bounded); written as
/// OPML 2.0 with one folder level per feed's first tag.
public struct OPMLDocument: Sendable, Equatable {
    /// One feed of the list.
    public struct Feed: Sendable, Equatable {
        public var url: String
        public var title: String
        public var siteURL: String?
        public var tags: [String]

        /// A feed value.
        public init(url: String, title: String = "", siteURL: String? = nil, tags: [String] = []) {
            self.url = url
            self.title = title
            self.siteURL = siteURL
            self.tags = tags
        }
    }

    public var title: String
    public var feeds: [Feed]

    /// A list value.
    public init(title: String = "Marks feeds", feeds: [Feed]) {
        self.title = title
        self.feeds = feeds
    }

    /// Reads an OPML file (at most 5 MB and 100,000 outlines); throws `.opml` with the reason.
    public init(bytes: [UInt8]) throws(FeedSubscriptionError) {
        let outline: XMLOutline
        do {
            outline = try XMLOutline(xml: bytes, maximumBytes: 5 << 20, maximumElements: 100_000)
        } catch {
            throw .opml(error.description)
        }
        let elements = outline.elements
        guard elements.first?.name.lowercased() == "opml" else {
            throw .opml("the document is <\(elements.first?.name.prefix(40) ?? "")>, not <opml>")
        }
        title = elements.first { $0.name == "title" }?.text ?? ""
        var feeds: [Feed] = []
        var folders: [(depth: Int, name: String)] = []
        for element in elements where element.name == "outline" {
            while let last = folders.last, last.depth >= element.depth { folders.removeLast() }
            let name = (element.attributes["title"] ?? element.attributes["text"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            guard let url = element.attributes["xmlUrl"]?.trimmingCharacters(in: .whitespacesAndNewlines), !url.isEmpty else {
                if !name.isEmpty { folders.append((element.depth, name)) }
                continue
            }
            var tags = folders.map(\.name)
            for category in (element.attributes["category"] ?? "").split(separator: ",") {
                tags += category.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
            feeds.append(Feed(url: url, title: name, siteURL: element.attributes["htmlUrl"], tags: TagNames.parse(tags.joined(separator: ","))))
        }
        self.feeds = feeds
    }

    /// The list as OPML 2.0: feeds with tags inside a folder named by their first tag (all their tags in
    /// `category`), the others at the top.
    public var xml: String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n    <title>"
            + XMLText.escape(title) + "</title>\n  </head>\n  <body>\n"
        func line(_ feed: Feed, indent: String) -> String {
            var attributes = "type=\"rss\" text=\"\(XMLText.escape(feed.title.isEmpty ? feed.url : feed.title))\""
            if !feed.title.isEmpty { attributes += " title=\"\(XMLText.escape(feed.title))\"" }
            attributes += " xmlUrl=\"\(XMLText.escape(feed.url))\""
            if let site = feed.siteURL { attributes += " htmlUrl=\"\(XMLText.escape(site))\"" }
            if !feed.tags.isEmpty { attributes += " category=\"\(XMLText.escape(feed.tags.joined(separator: ",")))\"" }
            return indent + "<outline \(attributes)/>\n"
        }
        var folders: [String] = []
        var byFolder: [String: [Feed]] = [:]
        for feed in feeds {
            guard let folder = feed.tags.first else { out += line(feed, indent: "    "); continue }
            if byFolder[folder] == nil { folders.append(folder) }
            byFolder[folder, default: []].append(feed)
        }
        for folder in folders {
            out += "    <outline text=\"\(XMLText.escape(folder))\">\n"
            for feed in byFolder[folder] ?? [] { out += line(feed, indent: "      ") }
            out += "    </outline>\n"
        }
        return out + "  </body>\n</opml>\n"
    }
}
