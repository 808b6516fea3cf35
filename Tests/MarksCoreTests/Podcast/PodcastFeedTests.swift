import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import MarksCore

/// The podcast feed's rendering: escaping, dates, durations, and a document an XML parser reads back into the
/// same texts (the feedparser check is in MarksServerTests' PodcastFeedTests).
@Suite struct PodcastFeedTests {
    static let channel = PodcastFeed.Channel(
        title: "Marks & friends", link: "https://marks.example/podcasts", description: "Your <reading> list, aloud.",
        language: "en", imageURL: "https://marks.example/feed/s3cret/cover.png", selfURL: "https://marks.example/feed/s3cret/podcast.xml",
        category: "Technology")

    static func item(_ title: String, guid: String = "marks-podcast:abc", link: String = "https://example.com/a?x=1&y=2") -> PodcastFeed.Item {
        PodcastFeed.Item(guid: guid, title: title, link: link, site: "Example <Blog>", published: Date(timeIntervalSince1970: 1_764_631_000),
                         durationSeconds: 3_725.4, enclosureURL: "https://marks.example/feed/s3cret/episodes/abc.mp3?v=1&w=2",
                         enclosureLength: 123_456)
    }

    @Test(arguments: [
        ("Tom & Jerry", "Tom &amp; Jerry"),
        ("<script>alert('x')</script>", "&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;"),
        ("say \"hi\"", "say &quot;hi&quot;"),
        ("bell\u{07}and\u{00}nul\u{1B}[0m", "bellandnul[0m"),
        ("tab\tnew\nline\r", "tab\tnew\nline\r"),
        ("c1\u{85}\u{9F}del\u{7F}", "c1del"),
        ("non-char\u{FFFE}\u{FFFF}", "non-char"),
        ("Grüße, 日本語, 🎧", "Grüße, 日本語, 🎧"),
    ] as [(String, String)])
    func escapes(text: String, expected: String) {
        #expect(XMLText.escape(text) == expected)
    }

    @Test(arguments: [
        (0.0, "Thu, 01 Jan 1970 00:00:00 +0000"),
        (951_782_400.0, "Tue, 29 Feb 2000 00:00:00 +0000"),
        (1_764_631_000.5, "Mon, 01 Dec 2025 23:16:40 +0000"),
        (4_102_444_799.0, "Thu, 31 Dec 2099 23:59:59 +0000"),
        (-1.0, "Wed, 31 Dec 1969 23:59:59 +0000"),
    ] as [(Double, String)])
    func formatsRFC822(seconds: Double, expected: String) {
        #expect(RFC822Date.format(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test func datesAgreeWithFoundationsFormatterOverManyDays() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        var generator = SeededNumbers(seed: 13)
        for _ in 0..<500 {
            let date = Date(timeIntervalSince1970: Double(generator.next() % 6_000_000_000))
            #expect(RFC822Date.format(date) == formatter.string(from: date))
        }
    }

    @Test(arguments: [(0.0, "0:00:00"), (59.4, "0:00:59"), (59.6, "0:01:00"), (3_725.4, "1:02:05"), (36_000, "10:00:00"),
                      (-3, "0:00:00"), (.nan, "0:00:00")] as [(Double, String)])
    func formatsDurations(seconds: Double, expected: String) {
        #expect(PodcastFeed.duration(seconds) == expected)
    }

    @Test func carriesEveryChannelAndItemTag() {
        let xml = PodcastFeed(channel: Self.channel, items: [Self.item("One")]).xml()
        for tag in ["<rss version=\"2.0\" xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\"", "<title>Marks &amp; friends</title>",
                    "<link>https://marks.example/podcasts</link>", "<description>Your &lt;reading&gt; list, aloud.</description>",
                    "<language>en</language>", "<itunes:image href=\"https://marks.example/feed/s3cret/cover.png\"/>",
                    "<itunes:category text=\"Technology\"/>", "<itunes:explicit>false</itunes:explicit>", "<itunes:block>Yes</itunes:block>",
                    "<guid isPermaLink=\"false\">marks-podcast:abc</guid>", "<pubDate>Mon, 01 Dec 2025 23:16:40 +0000</pubDate>",
                    "<itunes:duration>1:02:05</itunes:duration>",
                    "<enclosure url=\"https://marks.example/feed/s3cret/episodes/abc.mp3?v=1&amp;w=2\" length=\"123456\" type=\"audio/mpeg\"/>",
                    "<lastBuildDate>Mon, 01 Dec 2025 23:16:40 +0000</lastBuildDate>"] {
            #expect(xml.contains(tag), "missing \(tag)")
        }
    }

    @Test func anEmptyFeedIsStillAFeed() throws {
        let xml = PodcastFeed(channel: Self.channel, items: []).xml()
        #expect(!xml.contains("<item>"))
        #expect(!xml.contains("lastBuildDate"))
        let read = try FeedReader.read(xml)
        #expect(read.channelTitle == "Marks & friends")
    }

    @Test func anXMLParserReadsBackTheTextsWithoutTheControlCharacters() throws {
        let titles = ["Tom & Jerry <live>", "]]> CDATA's end", "bell\u{07} & \u{00}nul", "“Quotes” and 'apostrophes'"]
        let items = titles.enumerated().map { Self.item($1, guid: "g\($0)") }
        let read = try FeedReader.read(PodcastFeed(channel: Self.channel, items: items).xml())
        #expect(read.titles == ["Tom & Jerry <live>", "]]> CDATA's end", "bell & nul", "“Quotes” and 'apostrophes'"])
        #expect(read.enclosures == Array(repeating: "https://marks.example/feed/s3cret/episodes/abc.mp3?v=1&w=2", count: 4))
        // The description is HTML carried as text: once unescaped, it links to the article with its query intact.
        #expect(read.descriptions.first == "<p>From Example &lt;Blog&gt;.</p><p><a href=\"https://example.com/a?x=1&amp;y=2\">Read the article</a></p>")
    }
}

/// Small deterministic numbers for the date comparison (a 64-bit LCG).
private struct SeededNumbers {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 16
    }
}

/// Reads a feed back with Foundation's XMLParser (libxml2): item titles, enclosure URLs and descriptions.
private final class FeedReader: NSObject, XMLParserDelegate {
    var channelTitle: String?
    var titles: [String] = []
    var enclosures: [String] = []
    var descriptions: [String] = []
    private var path: [String] = []
    private var text = ""

    static func read(_ xml: String) throws -> FeedReader {
        let reader = FeedReader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
        return reader
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        path.append(name)
        text = ""
        if name == "enclosure", let url = attributes["url"] { enclosures.append(url) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let parent = path.dropLast().last
        if name == "title", parent == "item" { titles.append(text) }
        if name == "title", parent == "channel" { channelTitle = text }
        if name == "description", parent == "item" { descriptions.append(text) }
        path.removeLast()
    }
}
