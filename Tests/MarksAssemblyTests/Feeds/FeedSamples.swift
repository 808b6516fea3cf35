import Foundation

/// Feeds as sites write them, and hostile ones, for the followed-feeds tests.
enum FeedSamples {
    /// RSS 2.0 with `items` (path, title, pubDate, categories), each under `base`; its guid is the path.
    static func rss(title: String = "Example blog", base: String, items: [(path: String, title: String, date: String, categories: [String])]) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>\(title)</title><link>\(base)/</link>
            <atom:link rel="self" href="\(base)/feed.xml"/>
            """
        for item in items {
            out += "<item><title>\(item.title)</title><link>\(base)\(item.path)</link><guid isPermaLink=\"false\">guid:\(item.path)</guid>"
            out += "<pubDate>\(item.date)</pubDate><description>&lt;p&gt;About \(item.title) &amp;amp; more&lt;/p&gt;</description>"
            out += item.categories.map { "<category>\($0)</category>" }.joined()
            out += "</item>\n"
        }
        return out + "</channel></rss>\n"
    }

    static let atom = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom">
          <title>Atom site</title>
          <link href="https://atom.example/"/>
          <link rel="self" href="https://atom.example/feed.atom"/>
          <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
          <updated>2027-01-02T10:00:00Z</updated>
          <entry>
            <title type="html">Second &lt;em&gt;post&lt;/em&gt;</title>
            <link rel="edit" href="https://atom.example/edit/2"/>
            <link rel="alternate" type="text/html" href="/posts/2"/>
            <id>tag:atom.example,2027:2</id>
            <updated>2027-01-02T10:00:00.250+01:00</updated>
            <summary>The second one.</summary>
            <category term="swift"/>
          </entry>
          <entry>
            <title>First post</title>
            <link href="https://atom.example/posts/1"/>
            <id>tag:atom.example,2027:1</id>
            <published>2027-01-01</published>
            <updated>2027-01-03T00:00:00Z</updated>
            <content type="html">&lt;p&gt;Hello&lt;/p&gt;</content>
          </entry>
          <entry><title>No link at all</title><id>tag:atom.example,2027:3</id></entry>
        </feed>
        """

    static let rdf = """
        <?xml version="1.0"?>
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
          <channel rdf:about="https://rdf.example/"><title>RDF site</title><link>https://rdf.example/</link>
            <items><rdf:Seq><rdf:li resource="https://rdf.example/a"/></rdf:Seq></items></channel>
          <item rdf:about="https://rdf.example/a"><title>Item A</title><link>https://rdf.example/a</link>
            <dc:date>2027-01-05T08:30:00+00:00</dc:date><dc:subject>news</dc:subject><description>A thing.</description></item>
        </rdf:RDF>
        """

    /// Billion laughs: nine levels of ten references.
    static var billionLaughs: String {
        var entities = "<!ENTITY lol0 \"lol\">\n"
        for level in 1...9 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        return "<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n\(entities)]>\n<rss version=\"2.0\"><channel><title>&lol9;</title>"
            + "<item><title>&lol9;</title><link>https://bomb.example/a</link></item></channel></rss>"
    }

    static let externalEntity = """
        <?xml version="1.0"?>
        <!DOCTYPE rss [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
        <rss version="2.0"><channel><title>x</title><item><title>&secret;</title><link>https://xxe.example/a</link></item></channel></rss>
        """

    static let malformed = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Broken<item><link>https://b.example/</link></channel>"

    /// RSS with `count` items, newest first (item 0 is the newest, an hour apart), `base` their site.
    static func huge(count: Int, base: String, newest: Date) -> String {
        var out = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Huge</title>\n"
        out.reserveCapacity(count * 200)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        for index in 0..<count {
            let date = formatter.string(from: newest.addingTimeInterval(-3600 * Double(index)))
            out += "<item><title>Item \(index)</title><link>\(base)/items/\(index)</link><guid>\(base)/items/\(index)</guid><pubDate>\(date)</pubDate></item>\n"
        }
        return out + "</channel></rss>\n"
    }
}
