import Foundation
import MarksReading
import Testing

/// Reading followed feeds: RSS 2.0, Atom 1.0 and RSS 1.0 (RDF) into items with their links, keys, dates (RFC 822 and
/// ISO 8601, with the usual sloppiness) and categories; OPML in and out.
@Suite struct FeedDocumentTests {
    static let base = URL(string: "https://atom.example/feed.atom")!

    @Test func rss() throws {
        let xml = FeedSamples.rss(base: "https://blog.example", items: [
            ("/a", "First", "Mon, 02 Jan 2027 15:04:05 +0100", ["swift", "linux"]),
            ("/b", "Second", "3 Jan 2027 09:00 GMT", []),
        ])
        let feed = try FeedDocument(bytes: Array(xml.utf8), url: URL(string: "https://blog.example/feed.xml")!)
        #expect(feed.format == .rss)
        #expect(feed.title == "Example blog")
        #expect(feed.siteURL == "https://blog.example/")
        #expect(feed.entries.map(\.link) == ["https://blog.example/a", "https://blog.example/b"])
        #expect(feed.entries.map(\.key) == ["guid:/a", "guid:/b"], "the guid, even when it is not a permalink")
        #expect(feed.entries[0].categories == ["swift", "linux"])
        #expect(feed.entries[0].summary == "About First & more")
        #expect(feed.entries[0].published == Date(timeIntervalSince1970: 1_798_898_645))  // 2027-01-02T14:04:05Z
        #expect(feed.entries[1].published == Date(timeIntervalSince1970: 1_798_966_800))  // 2027-01-03T09:00:00Z
    }

    @Test func atom() throws {
        let feed = try FeedDocument(bytes: Array(FeedSamples.atom.utf8), url: Self.base)
        #expect(feed.format == .atom)
        #expect(feed.title == "Atom site")
        #expect(feed.siteURL == "https://atom.example/")
        #expect(feed.entries.count == 2, "the entry without a link is left out")
        #expect(feed.entries[0].link == "https://atom.example/posts/2", "the alternate link, resolved; not the edit link")
        #expect(feed.entries[0].key == "tag:atom.example,2027:2")
        #expect(feed.entries[0].title == "Second post", "escaped markup as text")
        #expect(feed.entries[0].categories == ["swift"])
        #expect(feed.entries[0].published == Date(timeIntervalSince1970: 1_798_880_400.25))  // 09:00:00.25Z
        #expect(feed.entries[1].published == Date(timeIntervalSince1970: 1_798_761_600), "published before updated")
        #expect(feed.entries[1].summary == "Hello")
    }

    @Test func rdf() throws {
        let feed = try FeedDocument(bytes: Array(FeedSamples.rdf.utf8), url: URL(string: "https://rdf.example/index.rdf")!)
        #expect(feed.format == .rdf)
        #expect(feed.title == "RDF site")
        #expect(feed.entries == [FeedEntry(key: "https://rdf.example/a", link: "https://rdf.example/a", title: "Item A", summary: "A thing.",
                                           published: Date(timeIntervalSince1970: 1_799_137_800), categories: ["news"])])
    }

    @Test(arguments: [
        ("Sat, 02 Jan 2027 15:04:05 GMT", 1_798_902_245.0),
        ("Sat, 2 Jan 2027 15:04:05 +0000", 1_798_902_245),
        ("2 Jan 2027 15:04 UT", 1_798_902_240),
        ("Saturday, 02 January 2027 10:04:05 EST", 1_798_902_245),
        ("Sat, 02 Jan 27 15:04:05 Z", 1_798_902_245),
        ("Sat, 02 Jan 2027 16:04:05 +01:00", 1_798_902_245),
        ("2027-01-02T15:04:05Z", 1_798_902_245),
        ("2027-01-02T16:04:05+01:00", 1_798_902_245),
        ("2027-01-02 15:04:05Z", 1_798_902_245),
        ("2027-01-02T15:04:05.5Z", 1_798_902_245.5),
        ("2027-01-02", 1_798_848_000),
    ])
    func datesAsFeedsWriteThem(text: String, seconds: Double) throws {
        let xml = "<rss><channel><item><link>https://d.example/</link><pubDate>\(text)</pubDate></item></channel></rss>"
        let feed = try FeedDocument(bytes: Array(xml.utf8), url: Self.base)
        #expect(feed.entries.first?.published == Date(timeIntervalSince1970: seconds))
    }

    @Test func nonsenseDatesAreUndated() throws {
        for text in ["yesterday", "2027-13-45", "32 Foo 2027", ""] {
            let xml = "<rss><channel><item><link>https://d.example/</link><pubDate>\(text)</pubDate></item></channel></rss>"
            #expect(try FeedDocument(bytes: Array(xml.utf8), url: Self.base).entries.first?.published == nil, "\(text)")
        }
    }

    @Test func onlyHTTPLinksAreKept() throws {
        let xml = """
            <rss><channel><item><link>javascript:alert(1)</link></item><item><link>mailto:a@b.c</link></item>
            <item><guid>https://g.example/permalink</guid></item><item><link>/relative</link></item>
            <item><link>httpS://Upper.example/Post</link></item></channel></rss>
            """
        let feed = try FeedDocument(bytes: Array(xml.utf8), url: URL(string: "https://site.example/feed")!)
        // A scheme in capitals (found by make fuzz) is written the one way, so it is one address and one bookmark.
        #expect(feed.entries.map(\.link) == ["https://g.example/permalink", "https://site.example/relative", "https://Upper.example/Post"])
    }

    @Test func opmlRoundTrip() throws {
        let opml = """
            <?xml version="1.0"?>
            <opml version="1.0"><head><title>My feeds</title></head><body>
              <outline text="Tech News">
                <outline text="Swift" title="Swift.org" type="rss" xmlUrl="https://swift.org/atom.xml" htmlUrl="https://swift.org/"/>
                <outline text="Deeper"><outline text="LWN" xmlUrl="https://lwn.net/headlines/rss" category="/linux,kernel"/></outline>
              </outline>
              <outline text="Loose &amp; free" xmlUrl="https://loose.example/feed?a=1&amp;b=2"/>
            </body></opml>
            """
        let document = try OPMLDocument(bytes: Array(opml.utf8))
        #expect(document.title == "My feeds")
        #expect(document.feeds == [
            OPMLDocument.Feed(url: "https://swift.org/atom.xml", title: "Swift.org", siteURL: "https://swift.org/", tags: ["Tech-News"]),
            OPMLDocument.Feed(url: "https://lwn.net/headlines/rss", title: "LWN", tags: ["Tech-News", "Deeper", "linux", "kernel"]),
            OPMLDocument.Feed(url: "https://loose.example/feed?a=1&b=2", title: "Loose & free"),
        ])
        let again = try OPMLDocument(bytes: Array(document.xml.utf8))
        let read = Dictionary(uniqueKeysWithValues: again.feeds.map { ($0.url, $0) })
        #expect(Set(read.keys) == Set(document.feeds.map(\.url)), "folders first, then the loose feeds; every feed")
        for feed in document.feeds {
            #expect(read[feed.url]?.title == feed.title)
            #expect(read[feed.url]?.siteURL == feed.siteURL)
            #expect(Set(read[feed.url]?.tags ?? []) == Set(feed.tags))
        }
    }

    @Test func opmlThatIsNotOPMLIsRefused() {
        #expect(throws: FeedSubscriptionError.opml("the document is <rss>, not <opml>")) {
            try OPMLDocument(bytes: Array("<rss/>".utf8))
        }
        #expect(throws: FeedSubscriptionError.self) { try OPMLDocument(bytes: Array(FeedSamples.billionLaughs.utf8)) }
    }
}
