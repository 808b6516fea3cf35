import Foundation

/// A private podcast feed: RSS 2.0 with Apple's `itunes` namespace (and an `atom:link rel="self"`), rendered from
/// values only — the shell supplies the absolute URLs (each carrying the feed's secret) and the episodes. Every
/// text is escaped for XML and stripped of the characters XML cannot carry (`XMLText`), dates are RFC 822 in UTC
/// (`RFC822Date`), durations `H:MM:SS`. `itunes:block` keeps the feed out of podcast directories.
public struct PodcastFeed: Sendable, Equatable {
    /// The feed as a whole.
    public struct Channel: Sendable, Equatable {
        public var title: String
        /// The web page the feed belongs to (the Podcasts tab).
        public var link: String
        public var description: String
        /// A BCP 47 language tag, such as `en`.
        public var language: String
        /// The cover's absolute URL (a square PNG or JPEG).
        public var imageURL: String
        /// The feed's own absolute URL.
        public var selfURL: String
        /// An Apple Podcasts category, such as `Technology`.
        public var category: String
        public var author: String
        public var explicit: Bool

        /// A channel; `explicit` false and the author "Marks" unless told.
        public init(title: String, link: String, description: String, language: String, imageURL: String, selfURL: String,
                    category: String, author: String = "Marks", explicit: Bool = false) {
            self.title = title
            self.link = link
            self.description = description
            self.language = language
            self.imageURL = imageURL
            self.selfURL = selfURL
            self.category = category
            self.author = author
            self.explicit = explicit
        }
    }

    /// One episode.
    public struct Item: Sendable, Equatable {
        /// Never changes for the episode (podcast apps key downloads and played state on it).
        public var guid: String
        public var title: String
        /// The article (or the source's page) the episode reads.
        public var link: String
        /// Where it comes from, such as the site's name.
        public var site: String
        /// When the episode became ready.
        public var published: Date
        public var durationSeconds: Double
        /// The MP3's absolute URL.
        public var enclosureURL: String
        /// The MP3's exact size in bytes.
        public var enclosureLength: UInt64

        /// An item.
        public init(guid: String, title: String, link: String, site: String, published: Date, durationSeconds: Double,
                    enclosureURL: String, enclosureLength: UInt64) {
            self.guid = guid
            self.title = title
            self.link = link
            self.site = site
            self.published = published
            self.durationSeconds = durationSeconds
            self.enclosureURL = enclosureURL
            self.enclosureLength = enclosureLength
        }
    }

    public var channel: Channel
    /// Newest first, as podcast apps expect (the order is kept as given).
    public var items: [Item]

    /// A feed of `items` in `channel`.
    public init(channel: Channel, items: [Item]) {
        self.channel = channel
        self.items = items
    }

    /// The feed document, UTF-8 XML.
    public func xml() -> String {
        let c = channel
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">
            <channel>
            <title>\(XMLText.escape(c.title))</title>
            <link>\(XMLText.escape(c.link))</link>
            <atom:link href="\(XMLText.escape(c.selfURL))" rel="self" type="application/rss+xml"/>
            <description>\(XMLText.escape(c.description))</description>
            <language>\(XMLText.escape(c.language))</language>
            <generator>Marks</generator>

            """
        if let newest = items.map(\.published).max() {
            out += "<lastBuildDate>\(RFC822Date.format(newest))</lastBuildDate>\n"
        }
        out += """
            <image><url>\(XMLText.escape(c.imageURL))</url><title>\(XMLText.escape(c.title))</title><link>\(XMLText.escape(c.link))</link></image>
            <itunes:image href="\(XMLText.escape(c.imageURL))"/>
            <itunes:category text="\(XMLText.escape(c.category))"/>
            <itunes:explicit>\(c.explicit ? "true" : "false")</itunes:explicit>
            <itunes:author>\(XMLText.escape(c.author))</itunes:author>
            <itunes:summary>\(XMLText.escape(c.description))</itunes:summary>
            <itunes:block>Yes</itunes:block>
            <itunes:type>episodic</itunes:type>

            """
        for item in items { out += Self.itemXML(item) }
        out += "</channel>\n</rss>\n"
        return out
    }

    private static func itemXML(_ item: Item) -> String {
        """
        <item>
        <title>\(XMLText.escape(item.title))</title>
        <guid isPermaLink="false">\(XMLText.escape(item.guid))</guid>
        <link>\(XMLText.escape(item.link))</link>
        <pubDate>\(RFC822Date.format(item.published))</pubDate>
        <description>\(XMLText.escape(description(of: item)))</description>
        <itunes:summary>\(XMLText.escape(summary(of: item)))</itunes:summary>
        <itunes:duration>\(duration(item.durationSeconds))</itunes:duration>
        <itunes:episodeType>full</itunes:episodeType>
        <itunes:explicit>false</itunes:explicit>
        <enclosure url="\(XMLText.escape(item.enclosureURL))" length="\(item.enclosureLength)" type="audio/mpeg"/>
        </item>

        """
    }

    /// The item's description as HTML (escaped once more by the caller, as RSS carries it): where it is from and a
    /// link to the article.
    static func description(of item: Item) -> String {
        let from = item.site.isEmpty ? "" : "<p>From \(XMLText.escape(item.site)).</p>"
        return "\(from)<p><a href=\"\(XMLText.escape(item.link))\">Read the article</a></p>"
    }

    /// The plain-text summary podcast apps show where they do not render HTML.
    static func summary(of item: Item) -> String {
        (item.site.isEmpty ? "" : "From \(item.site). ") + "Read the article: \(item.link)"
    }

    /// `H:MM:SS` (seconds rounded; negative or not-a-number durations are 0:00:00).
    static func duration(_ seconds: Double) -> String {
        let total = seconds.isFinite && seconds > 0 ? Int(seconds.rounded()) : 0
        let hours = total / 3600, minutes = total / 60 % 60, rest = total % 60
        return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(rest < 10 ? "0" : "")\(rest)"
    }
}
