import Foundation
import Testing
@testable import MarksCore

@Suite struct NetscapeHostileInputTests {
    static let header = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"

    @Test(arguments: [
        "",
        "just some text",
        "<html><body><a href=\"https://example.com/\">a link on a web page</a></body></html>",
        "{\"bookmarks\": []}",
        String(decoding: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }, as: UTF8.self),
        String(repeating: "\u{0}", count: 1000),
        String(repeating: "<", count: 10_000),
    ])
    func refusesWhatIsNotABookmarkFile(text: String) {
        #expect(throws: NetscapeError.notABookmarkFile) { try NetscapeBookmarkFile.parse(text) }
    }

    @Test func explainsTheRefusal() {
        #expect(NetscapeError.notABookmarkFile.message.contains("Export"))
    }

    @Test func keepsGoodEntriesAroundBadOnes() throws {
        let text = Self.header + """
        <DT><A ADD_DATE="1">No address</A>
        <DT><A HREF="">Empty address</A>
        <DT><A HREF="https://good.example/one">One</A>
        <DT><A HREF="ftp://files.example/">FTP</A>
        <DT><A HREF="https://bad host.example/">Space</A>
        <DT><A HREF="https://good.example/two" ADD_DATE="12abc" LAST_MODIFIED="99999999999999999999999">Two</A>
        <DT><A HREF="https://good.example/\(String(repeating: "x", count: 2100))">Long</A>
        <DT><A HREF="https://good.example/three" ADD_DATE="-1" TOREAD="yes" PRIVATE="no">Three</A>
        </DL>
        """
        let (entries, problems) = try NetscapeBookmarkFile.parse(text)
        #expect(entries.map(\.url) == ["https://good.example/one", "https://good.example/two", "https://good.example/three"])
        #expect(entries[1].dateAdded == nil && entries[1].dateModified == nil)
        #expect(entries[2].dateAdded == Date(timeIntervalSince1970: -1))
        #expect(!entries[2].unread && !entries[2].shared)
        #expect(problems.map(\.line) == [3, 4, 6, 7, 8, 8, 9])
        #expect(problems[0].message == "Skipped a bookmark “No address” without an address (HREF).")
        #expect(problems[5].message.contains("LAST_MODIFIED"))
        #expect(problems[6].message.contains("2048"))
    }

    @Test func survivesAnUnclosedQuote() throws {
        let text = Self.header + """
        <DT><A HREF="https://one.example/>One</A>
        <DT><A HREF="https://two.example/" TAGS="a,b>Two</A>
        <DT><A HREF="https://three.example/">Three</A>
        """
        let (entries, problems) = try NetscapeBookmarkFile.parse(text)
        #expect(entries.map(\.url) == ["https://one.example/", "https://two.example/", "https://three.example/"])
        #expect(entries.map(\.title) == ["One", "Two", "Three"])
        #expect(entries[1].tags == ["a", "b"])
        #expect(problems.map(\.line) == [3, 4])
    }

    @Test func survivesAFileThatEndsInsideATag() throws {
        let (entries, problems) = try NetscapeBookmarkFile.parse(Self.header + #"<DT><A HREF="https://a.example/">A</A><DT><A HREF="https://b.ex"#)
        #expect(entries.map(\.url) == ["https://a.example/", "https://b.ex"])
        #expect(problems.map(\.line) == [3])
        #expect(problems.first?.message == "Unclosed quote in the HREF attribute of <A>.")
    }

    @Test func survivesStrayMarkup() throws {
        let text = Self.header + """
        </DL></DL></DL></H3></A><DD>orphan description
        <DT><A HREF="https://a.example/" = "x" / ="" TAGS=>A <b>bold</b> &bogus; &amp &#0; &#xD800; &#x110000; &#128512;</A>
        <DD>one<br>two <i>three</i><p>four
        <!-- a comment with <DT><A HREF="https://hidden.example/"> inside -->
        <? processing instruction ?><!unknown declaration>
        a < b
        <!-- unterminated comment
        <DT><A HREF="https://never.example/">never</A>
        """
        let (entries, problems) = try NetscapeBookmarkFile.parse(text)
        #expect(problems.isEmpty)
        #expect(entries.count == 1)
        #expect(entries.first?.title == "A bold &bogus; &amp \u{FFFD} \u{FFFD} \u{FFFD} 😀")
        #expect(entries.first?.description == "one\ntwo threefour\n\n\na < b")
    }

    @Test func decodesEntities() {
        #expect(HTMLEntities.decode(Array("&lt;&#60;&#x3C;&#X3c;&#60 &quot;&apos;&#39;&nbsp;&hellip;".utf8)) == "<<<<< \"''\u{A0}…")
        #expect(HTMLEntities.decode(Array("?a=1&b=2&copy=3&amp;x".utf8)) == "?a=1&b=2&copy=3&x")
        #expect(HTMLEntities.decode(Array("&#99999999999999999999;&#;&#x;&".utf8)) == "\u{FFFD}&#;&#x;&")
        #expect(HTMLEntities.escape("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&#39;f")
    }

    @Test func readsAFiveMegabyteLineQuickly() throws {
        let icon = String(repeating: "A", count: 5_000_000)
        let title = String(repeating: "é", count: 100_000)
        let text = Self.header + #"<DT><A HREF="https://a.example/" ICON="data:image/png;base64,\#(icon)">\#(title)</A><DD>d"# + "\n</DL>"
        let start = ContinuousClock.now
        let (entries, problems) = try NetscapeBookmarkFile.parse(text)
        let elapsed = ContinuousClock.now - start
        #expect(problems.isEmpty)
        #expect(entries.first?.title.count == 100_000)
        #expect(entries.first?.description == "d")
        #expect(elapsed < .seconds(120), "took \(elapsed)") // a hang guard, not a speed target
    }

    @Test func readsFiveMegabytesOfUnclosedQuotesQuickly() throws {
        let text = Self.header + String(repeating: "<A HREF=\"x ", count: 500_000)
        let start = ContinuousClock.now
        let (entries, _) = try NetscapeBookmarkFile.parse(text)
        #expect(entries.isEmpty)
        #expect(ContinuousClock.now - start < .seconds(120)) // a hang guard (quadratic scanning would take hours), not a speed target
    }

    @Test func readsTenThousandEntriesQuickly() throws {
        let entries = (0..<10_000).map { (index: Int) -> NetscapeEntry in
            NetscapeEntry(url: "https://example.com/\(index)", title: "Bookmark \(index) & more", description: "About \(index)",
                          notes: "Notes\n\(index)", tags: ["tag\(index % 50)", "#all"], dateAdded: Date(timeIntervalSince1970: Double(index)),
                          unread: index % 2 == 0, shared: index % 3 == 0, archived: index % 5 == 0)
        }
        let text = NetscapeBookmarkFile.write(entries)
        let start = ContinuousClock.now
        let parsed = try NetscapeBookmarkFile.parse(text)
        let elapsed = ContinuousClock.now - start
        #expect(parsed.entries == entries)
        #expect(elapsed < .seconds(120), "took \(elapsed)") // a hang guard, not a speed target  // debug build on shared cores; a release build takes ~60 ms
    }

    @Test func survivesDeepNesting() throws {
        let text = Self.header + String(repeating: "<DT><H3>f</H3><DL><p>", count: 20_000) + #"<DT><A HREF="https://deep.example/">Deep</A>"#
            + String(repeating: "</DL>", count: 30_000)
        let (entries, _) = try NetscapeBookmarkFile.parse(text, foldersAsTags: true)
        #expect(entries.first?.tags == ["f"])
    }
}
