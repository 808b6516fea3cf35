import Foundation
import Testing
@testable import MarksCore

@Suite struct NetscapeBrowserFileTests {
    static let firefox = """
    <!DOCTYPE NETSCAPE-Bookmark-file-1>
    <!-- This is an automatically generated file.
         It will be read and overwritten.
         DO NOT EDIT! -->
    <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
    <meta http-equiv="Content-Security-Policy"
          content="default-src 'self'; script-src 'none'; img-src data: *; object-src 'none'"></meta>
    <TITLE>Bookmarks</TITLE>
    <H1>Bookmarks Menu</H1>

    <DL><p>
        <DT><A HREF="place:parent=menu________&sort=8" ADD_DATE="1600000000" LAST_MODIFIED="1600000000">Recent Tags</A>
        <DT><H3 ADD_DATE="1600000000" LAST_MODIFIED="1600000001">Dev Tools</H3>
        <DD>Folder description, not a bookmark's
        <DL><p>
            <DT><A HREF="https://developer.mozilla.org/en-US/" ADD_DATE="1600000100" LAST_MODIFIED="1600000200" ICON_URI="https://developer.mozilla.org/favicon.ico" ICON="data:image/png;base64,iVBORw0KGgo=" SHORTCUTURL="mdn" TAGS="web,docs">MDN Web Docs</A>
            <DD>Resources for &lt;developers&gt;, by developers.
            <DT><H3 ADD_DATE="1600000000" LAST_MODIFIED="1600000001">Swift, on Linux</H3>
            <DL><p>
                <DT><A HREF="https://swift.org/" ADD_DATE="1600000300">Swift.org</A>
            </DL><p>
            <HR>
            <DT><A HREF="https://git-scm.com/" ADD_DATE="1600000400">Git</A>
        </DL><p>
        <DT><H3 ADD_DATE="1600000000" LAST_MODIFIED="1600000001" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks Toolbar</H3>
        <DL><p>
            <DT><A HREF="https://news.ycombinator.com/" ADD_DATE="1600000500">Hacker News</A>
        </DL><p>
    </DL>
    """

    static let chrome = """
    <!DOCTYPE NETSCAPE-Bookmark-file-1>
    <!-- This is an automatically generated file.
         It will be read and overwritten.
         DO NOT EDIT! -->
    <META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
    <TITLE>Bookmarks</TITLE>
    <H1>Bookmarks</H1>
    <DL><p>
        <DT><H3 ADD_DATE="1600000000" LAST_MODIFIED="1600000001" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks bar</H3>
        <DL><p>
            <DT><A HREF="https://www.example.com/" ADD_DATE="1600000000" ICON="data:image/png;base64,AAAA">Example &amp; Co</A>
            <DT><H3 ADD_DATE="1600000000" LAST_MODIFIED="1600000001">Reading</H3>
            <DL><p>
                <DT><A HREF="https://blog.example.org/post?id=1&amp;ref=rss" ADD_DATE="13300000000000000">Post</A>
            </DL><p>
        </DL><p>
        <DT><A HREF="chrome://settings/" ADD_DATE="1600000000">Settings</A>
    </DL><p>
    """

    @Test func readsFirefox() throws {
        let (entries, problems) = try NetscapeBookmarkFile.parse(Self.firefox)
        #expect(entries.map(\.url) == ["https://developer.mozilla.org/en-US/", "https://swift.org/", "https://git-scm.com/",
                                       "https://news.ycombinator.com/"])
        let mdn = try #require(entries.first)
        #expect(mdn.title == "MDN Web Docs")
        #expect(mdn.description == "Resources for <developers>, by developers.")
        #expect(mdn.tags == ["web", "docs"])
        #expect(mdn.dateAdded == Date(timeIntervalSince1970: 1_600_000_100))
        #expect(mdn.dateModified == Date(timeIntervalSince1970: 1_600_000_200))
        #expect(!mdn.shared && !mdn.unread && !mdn.archived)
        #expect(entries[1].description == "")
        #expect(problems.count == 1)
        #expect(problems.first?.line == 12)
        #expect(problems.first?.message.contains("place:parent=menu") == true)
    }

    @Test func foldersBecomeTagsWhenAsked() throws {
        let (entries, _) = try NetscapeBookmarkFile.parse(Self.firefox, foldersAsTags: true)
        #expect(entries.map(\.tags) == [["web", "docs", "Dev-Tools"], ["Dev-Tools", "Swift", "on-Linux"], ["Dev-Tools"], []])
        let (plain, _) = try NetscapeBookmarkFile.parse(Self.firefox)
        #expect(plain.map(\.tags) == [["web", "docs"], [], [], []])
    }

    @Test func readsChrome() throws {
        let (entries, problems) = try NetscapeBookmarkFile.parse(Self.chrome, foldersAsTags: true)
        #expect(entries.map(\.url) == ["https://www.example.com/", "https://blog.example.org/post?id=1&ref=rss"])
        #expect(entries.map(\.title) == ["Example & Co", "Post"])
        #expect(entries.map(\.tags) == [[], ["Reading"]])
        // A WebKit-time value too large for seconds or milliseconds is read as microseconds, as linkding does.
        #expect(entries[1].dateAdded == Date(timeIntervalSince1970: 13_300_000_000))
        #expect(problems.map(\.line) == [17])
    }

    @Test func anEmptyFolderWithoutAListTagsNothing() throws {
        let text = """
        <!DOCTYPE NETSCAPE-Bookmark-file-1>
        <DL><p>
        <DT><H3>Empty</H3>
        <DT><A HREF="https://a.example/">A</A>
        <DT><H3>Full</H3>
        <DD>About the folder
        <DL><p><DT><A HREF="https://b.example/">B</A></DL><p>
        </DL>
        """
        let (entries, _) = try NetscapeBookmarkFile.parse(text, foldersAsTags: true)
        #expect(entries.map(\.tags) == [[], ["Full"]])
        #expect(entries.map(\.description) == ["", ""])
    }

    @Test func readsAFileOnOneLineWithLowercaseTags() throws {
        let text = #"<dl><dt><a href="https://a.example/" add_date="1">A</a><dd>first<dt><a href='https://b.example/' tags=b toread=1>B</a></dl>"#
        let (entries, problems) = try NetscapeBookmarkFile.parse(text)
        #expect(problems.isEmpty)
        #expect(entries == [
            NetscapeEntry(url: "https://a.example/", title: "A", description: "first", dateAdded: Date(timeIntervalSince1970: 1)),
            NetscapeEntry(url: "https://b.example/", title: "B", tags: ["b"], unread: true),
        ])
    }

    @Test func countsCRLFAndCRLinesLikeAnEditor() throws {
        let lines = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>", "<DL><p>", #"<DT><A HREF="nope">x</A>"#, "</DL>"]
        for separator in ["\r\n", "\n", "\r"] {
            let (_, problems) = try NetscapeBookmarkFile.parse(lines.joined(separator: separator))
            #expect(problems.map(\.line) == [3], "separator \(separator.debugDescription)")
        }
    }
}
