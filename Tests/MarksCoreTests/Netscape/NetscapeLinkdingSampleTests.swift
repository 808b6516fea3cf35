import Foundation
import Testing
@testable import MarksCore

/// A file as linkding 1.46 exports it (composed by hand from its exporter's format): lines joined by "\n\r",
/// Python's `html.escape` (`&#x27;` for '), raw `&` in HREF, notes with raw newlines, the archived tag.
@Suite struct NetscapeLinkdingSampleTests {
    static let sample = [
        "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
        #"<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">"#,
        "<TITLE>Bookmarks</TITLE>",
        "<H1>Bookmarks</H1>",
        "<DL><p>",
        ##"<DT><A HREF="https://docs.swift.org/?lang=en&copy=1" ADD_DATE="1705314600" LAST_MODIFIED="1705318200" PRIVATE="1" TOREAD="1" TAGS="#swift,docs">The Swift &amp; &#x27;Docs&#x27;</A>"##,
        "<DD>Official &lt;docs&gt;[linkding-notes]# Heading\n\n- item one\n- item &quot;two&quot;[/linkding-notes]",
        #"<DT><A HREF="https://linkding.link/" ADD_DATE="1600000000" LAST_MODIFIED="1600000001" PRIVATE="0" TOREAD="0" TAGS="selfhosted,linkding:bookmarks.archived">linkding</A>"#,
        #"<DT><A HREF="https://old.example/" ADD_DATE="1500000000000" LAST_MODIFIED="1500000000000000" PRIVATE="1" TOREAD="0" TAGS="linkding:archived">Old export</A>"#,
        "<DD>Only a description",
        "</DL><p>",
    ].joined(separator: "\n\r")

    @Test func readsEveryField() throws {
        let (entries, problems) = try NetscapeBookmarkFile.parse(Self.sample)
        #expect(problems.isEmpty)
        #expect(entries == [
            NetscapeEntry(url: "https://docs.swift.org/?lang=en&copy=1", title: "The Swift & 'Docs'", description: "Official <docs>",
                          notes: "# Heading\n\n- item one\n- item \"two\"", tags: ["#swift", "docs"],
                          dateAdded: Date(timeIntervalSince1970: 1_705_314_600), dateModified: Date(timeIntervalSince1970: 1_705_318_200),
                          unread: true, shared: false, archived: false),
            NetscapeEntry(url: "https://linkding.link/", title: "linkding", tags: ["selfhosted"],
                          dateAdded: Date(timeIntervalSince1970: 1_600_000_000), dateModified: Date(timeIntervalSince1970: 1_600_000_001),
                          unread: false, shared: true, archived: true),
            NetscapeEntry(url: "https://old.example/", title: "Old export", description: "Only a description", tags: [],
                          dateAdded: Date(timeIntervalSince1970: 1_500_000_000), dateModified: Date(timeIntervalSince1970: 1_500_000_000),
                          archived: true),
        ])
    }

    @Test func reportsProblemsOnTheLinesAnEditorShows() throws {
        // "\n\r" is two line breaks for an editor, and the notes above add three: the entries sit on lines 11, 18 and 20.
        let broken = Self.sample
            .replacingOccurrences(of: #"ADD_DATE="1705314600""#, with: #"ADD_DATE="yesterday""#)
            .replacingOccurrences(of: "https://linkding.link/", with: "javascript:alert(1)")
        let (entries, problems) = try NetscapeBookmarkFile.parse(broken)
        #expect(entries.map(\.url) == ["https://docs.swift.org/?lang=en&copy=1", "https://old.example/"])
        #expect(entries.first?.dateAdded == nil)
        #expect(entries.first?.dateModified == Date(timeIntervalSince1970: 1_705_318_200))
        #expect(problems.map(\.line) == [11, 18])
        #expect(problems.first?.message.contains("ADD_DATE") == true)
        #expect(problems.last?.message.contains("javascript:alert(1)") == true)
    }
}
