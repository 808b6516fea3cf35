import Foundation
import Testing
@testable import MarksCore

@Suite struct NetscapeRoundTripTests {
    static let added = Date(timeIntervalSince1970: 1_705_314_600)
    static let modified = Date(timeIntervalSince1970: 1_795_953_715)

    static let entries: [NetscapeEntry] = [
        NetscapeEntry(url: "https://example.com/?a=1&b=2&copy=3#frag", title: "Fish & \"Chips\" <b>not bold</b> it's",
                      description: "Ünïcödé 🙂 — a < b > c & d", notes: "line one\nline two\r\n\n  indented <code>\n#hashtag & 'quotes'",
                      tags: ["#swift", "c++", "naïve", "Tag_With-Dash"], dateAdded: added, dateModified: modified,
                      unread: true, shared: true, archived: true),
        NetscapeEntry(url: "http://intranet/wiki", title: "", description: "", notes: "", tags: []),
        NetscapeEntry(url: "https://example.org/notes-only", notes: "[linkding-notes] inside [/linkding-notes] and more"),
        NetscapeEntry(url: "https://example.org/desc-only", title: "日本語のタイトル", description: "multi\nline\ndescription",
                      dateAdded: Date(timeIntervalSince1970: -86_400), unread: false, shared: false, archived: false),
        NetscapeEntry(url: "https://example.org/%E2%9C%93?q=%2B", title: "Encoded URL", tags: ["a", "b", "c"],
                      dateModified: modified, archived: true),
    ]

    @Test func writeThenParseKeepsEveryField() throws {
        let text = NetscapeBookmarkFile.write(Self.entries)
        let parsed = try NetscapeBookmarkFile.parse(text)
        #expect(parsed.problems.isEmpty)
        #expect(parsed.entries == Self.entries)
    }

    @Test func writesWhatLinkdingWrites() {
        let entry = NetscapeEntry(url: "https://example.com/?a=1&b=2", title: "It's <Fish> & \"Chips\"", description: "Desc",
                                  notes: "Note\nTwo", tags: ["a", "#b"], dateAdded: Self.added, dateModified: Self.modified,
                                  unread: true, shared: false, archived: true)
        #expect(NetscapeBookmarkFile.write([entry]) == """
        <!DOCTYPE NETSCAPE-Bookmark-file-1>
        <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
        <TITLE>Bookmarks</TITLE>
        <H1>Bookmarks</H1>
        <DL><p>
        <DT><A HREF="https://example.com/?a=1&amp;b=2" ADD_DATE="1705314600" LAST_MODIFIED="1795953715" PRIVATE="1" TOREAD="1" \
        TAGS="a,#b,linkding:bookmarks.archived">It&#39;s &lt;Fish&gt; &amp; &quot;Chips&quot;</A>
        <DD>Desc[linkding-notes]Note
        Two[/linkding-notes]
        </DL><p>

        """)
    }

    @Test func writesNoDatesItDoesNotHave() {
        let text = NetscapeBookmarkFile.write([NetscapeEntry(url: "https://example.com/", shared: true)])
        #expect(text.contains(#"<DT><A HREF="https://example.com/" PRIVATE="0" TOREAD="0" TAGS=""></A>"#))
        #expect(!text.contains("<DD>"))
    }

    @Test func writesAnEmptyList() throws {
        let text = NetscapeBookmarkFile.write([])
        let parsed = try NetscapeBookmarkFile.parse(text)
        #expect(parsed.entries.isEmpty)
        #expect(parsed.problems.isEmpty)
    }

    @Test func datesKeepWholeSeconds() throws {
        let entry = NetscapeEntry(url: "https://example.com/", dateAdded: Date(timeIntervalSince1970: 1_705_314_600.987))
        let parsed = try NetscapeBookmarkFile.parse(NetscapeBookmarkFile.write([entry]))
        #expect(parsed.entries.first?.dateAdded == Date(timeIntervalSince1970: 1_705_314_600))
    }

    @Test func randomEntriesRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ09 &<>\"'#,;[]/\\\n\té🙂漢-_=+%")
        func word(_ length: Int) -> String { String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" }) }
        var entries: [NetscapeEntry] = []
        for index in 0..<300 {
            let title = word(Int.random(in: 0...20, using: &generator)).trimmingCharacters(in: .whitespacesAndNewlines)
            let description = word(Int.random(in: 0...40, using: &generator)).trimmingCharacters(in: .whitespacesAndNewlines)
            let tags = (0..<Int.random(in: 0...4, using: &generator)).map { "t\(index)-\($0)#é" }
            entries.append(NetscapeEntry(
                url: "https://example.com/\(index)?q=\(index)&r=%20", title: title, description: description,
                notes: word(Int.random(in: 0...60, using: &generator)), tags: tags,
                dateAdded: Date(timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &generator))),
                unread: Bool.random(using: &generator), shared: Bool.random(using: &generator), archived: Bool.random(using: &generator)))
        }
        let parsed = try NetscapeBookmarkFile.parse(NetscapeBookmarkFile.write(entries))
        #expect(parsed.problems.isEmpty)
        for (got, want) in zip(parsed.entries, entries) { #expect(got == want) }
        #expect(parsed.entries.count == entries.count)
    }
}
