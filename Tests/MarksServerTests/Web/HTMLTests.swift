import Foundation
import MarksCore
import Testing
@testable import MarksServer

@Suite struct HTMLTests {
    @Test(arguments: [
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("\" onmouseover=\"x", "&quot; onmouseover=&quot;x"),
        ("it's & more", "it&#39;s &amp; more"),
        ("plain", "plain"),
        ("tab\tnew\nline", "tab\tnew\nline"),
        ("nul\u{0}bell\u{7}", "nulbell"),
        ("émoji 🧭", "émoji 🧭"),
    ])
    func interpolatedTextIsEscaped(input: String, expected: String) {
        let html: HTML = "<p title=\"\(input)\">\(input)</p>"
        #expect(html.rendered == "<p title=\"\(expected)\">\(expected)</p>")
    }

    @Test func literalsAndNestedMarkupStayRaw() {
        let inner: HTML = "<b>\("a<b")</b>"
        let outer: HTML = "<div>\(inner)\([inner, inner])\(nil as HTML?)\(3)</div>"
        #expect(outer.rendered == "<div><b>a&lt;b</b><b>a&lt;b</b><b>a&lt;b</b>3</div>")
        #expect(HTML.text("<x>").rendered == "&lt;x&gt;")
        #expect(HTML.join([.text("a"), .text("b")], separator: "<br>").rendered == "a<br>b")
    }

    @Test(arguments: ["javascript:alert(1)", "JAVASCRIPT:alert(1)", " javascript:alert(1)", "data:text/html,<script>",
                      "//evil.example/x", "vbscript:x", "ftp://example.com/", "http://", "https:///path", "mailto:a@b.c"])
    func unsafeLinksAreRefused(url: String) {
        #expect(SafeURL.web(url) == nil)
    }

    @Test(arguments: ["//evil.example", "/\\evil.example", "javascript:x", "", "relative/path", "/a\nb", "/a\\b"])
    func localPathsRejectEverythingElse(path: String) {
        #expect(!SafeURL.isLocalPath(path))
        #expect(SafeURL.path(path).value == "/")
    }

    @Test func webLinksAndPathsAreEscapedInAttributes() {
        let link = SafeURL.web("https://example.com/?a=1&b=\"x\"")
        #expect(link != nil)
        let html: HTML = "<a href=\"\(link ?? .path("/"))\">x</a>"
        #expect(html.rendered == "<a href=\"https://example.com/?a=1&amp;b=&quot;x&quot;\">x</a>")
        #expect(SafeURL.path("/search", query: [("q", "a&b c/\"é"), ("empty", "")]).value == "/search?q=a%26b%20c%2F%22%C3%A9")
    }

    @Test func hostileBookmarkRendersAsText() {
        let bookmark = Bookmark(id: 7, url: "javascript:alert(1)", title: "<img src=x onerror=alert(1)>",
                                description: "<script>alert(2)</script>", notes: "", tagNames: ["<b>tag</b>", "a\"b"],
                                dateAdded: Date(timeIntervalSince1970: 0), dateModified: Date(timeIntervalSince1970: 0),
                                aiSummary: "<iframe src=//x>", aiTags: ["<svg onload=alert(3)>"])
        let rows = RowRenderer(extras: { _ in .none }, favicon: { _ in SafeURL.web("javascript:alert(4)") }, dates: WebDate(offsetSeconds: 0))
        let html = rows.row(bookmark).rendered
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<script>"))
        #expect(!html.contains("<iframe"))
        #expect(!html.contains("<svg"))
        #expect(!html.contains("href=\"javascript:"))
        #expect(!html.lowercased().contains("javascript:alert(1)\""))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("#&lt;b&gt;tag&lt;/b&gt;"))
    }

    @Test func rowsShowWhatUIDesignAsksFor() {
        let bookmark = Bookmark(id: 3, url: "https://www.swift.org/blog/post", title: "A long editorial title that wraps",
                                description: "An excerpt.", faviconURL: "https://linkding.test/static/icon.png", unread: true,
                                tagNames: ["swift"], dateAdded: Date(timeIntervalSince1970: 1_741_737_600),
                                dateModified: Date(timeIntervalSince1970: 1_741_737_600), aiSummary: "A summary.", aiTags: ["Swift", "compilers"])
        let rows = RowRenderer(extras: { _ in RowExtras(progress: 0.4, wordCount: 1150, podcast: .ready) },
                               favicon: WebContext.favicon, dates: WebDate(offsetSeconds: 0))
        let html = rows.row(bookmark).rendered
        #expect(html.contains("class=\"row unread\""))
        #expect(html.contains(">swift.org · 12 Mar 2025 · 5 min read"))
        #expect(html.contains("5 min read"))
        #expect(html.contains("AI summary</span>A summary."))
        #expect(html.contains("width=\"16\" height=\"16\""))
        #expect(html.contains("loading=\"lazy\""))
        #expect(html.contains("value=\"40\""))
        #expect(html.contains("Podcast ready"))
        #expect(html.contains("class=\"ai\""))
        #expect(html.contains(">compilers<"))
        #expect(!html.contains(">Swift<span"), "an AI tag equal to a linkding tag is shown once")
        for action in ["value=\"read 3\">Mark read", "value=\"archive 3\">Archive", "value=\"delete 3\">Delete", "<a href=\"/bookmarks/3\">More</a>"] {
            #expect(html.contains(action), "row action \(action)")
        }
        #expect(!html.contains("Unread"), "the one unread mark is the row's class, drawn by the style sheet")
    }

    @Test(arguments: [(0.0, "1 Jan 1970", "1970-01-01"), (951_782_400, "29 Feb 2000", "2000-02-29"), (-86_400, "31 Dec 1969", "1969-12-31")])
    func datesAreFormattedWithoutICU(seconds: Double, day: String, iso: String) {
        let dates = WebDate(offsetSeconds: 0)
        #expect(dates.day(Date(timeIntervalSince1970: seconds)) == day)
        #expect(dates.iso(Date(timeIntervalSince1970: seconds)) == iso)
    }

    @Test func excerptsAreClippedAtWordsButTitlesNever() {
        #expect(BookmarkRowView.clip("one two three", 8) == "one two…")
        #expect(BookmarkRowView.clip("short", 80) == "short")
        let title = String(repeating: "Long title ", count: 60)
        let bookmark = Bookmark(id: 1, url: "https://a.example", title: title, dateAdded: Date(), dateModified: Date())
        let html = RowRenderer(extras: { _ in .none }, favicon: { _ in nil }, dates: WebDate(offsetSeconds: 0)).row(bookmark).rendered
        #expect(html.contains(title))
    }

    @Test func pastedTextYieldsTheFirstWebURLAndKeepsTheRest() {
        #expect(PastedText.extract("Look at this https://example.com/a?b=1, it is good").url == "https://example.com/a?b=1")
        #expect(PastedText.extract("Look at this https://example.com/a?b=1, it is good").notes == "Look at this, it is good")
        #expect(PastedText.extract("ftp://x.example and javascript:alert(1)").url == nil)
        #expect(PastedText.extract("(see http://a.example/x).").url == "http://a.example/x")
        #expect(PastedText.extract(String(repeating: "word ", count: 1000)).notes.count <= PastedText.notesLimit)
        #expect(PastedText.share(url: "https://shared.example/x", text: "see https://other.example/y").url == "https://shared.example/x")
        #expect(PastedText.extract("").url == nil)
    }
}
