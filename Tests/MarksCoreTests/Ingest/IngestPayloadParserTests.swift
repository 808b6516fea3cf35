import Foundation
import Testing
@testable import MarksCore
import MarksBookmarks

@Suite struct IngestPayloadParserTests {
    static let plainTextCases: [IngestCase] = [
        .text("https://example.com", url: "https://example.com"),
        .text("Great read https://x.com/a. Thanks!", url: "https://x.com/a", notes: "Great read. Thanks!"),
        .text("Great read https://example.com/a?x=1. Thanks!", url: "https://example.com/a?x=1", notes: "Great read. Thanks!"),
        .text("Look (https://example.com/a) nice", url: "https://example.com/a", notes: "Look nice"),
        .text("See <https://example.com/a>.", url: "https://example.com/a", notes: "See."),
        .text("Read [the post](https://example.com/post) today", url: "https://example.com/post", title: "the post", notes: "Read the post today"),
        .text("[Docs](https://example.com/docs \"The docs\") here", url: "https://example.com/docs", title: "Docs", notes: "Docs here"),
        .text("Markdown [nested [brackets]](https://example.com/n)", url: "https://example.com/n", title: "nested [brackets]", notes: "Markdown nested [brackets]"),
        .text("![logo](https://example.com/logo.png) caption", url: "https://example.com/logo.png", notes: "caption"),
        .text("https://en.wikipedia.org/wiki/Foo_(bar)", url: "https://en.wikipedia.org/wiki/Foo_(bar)"),
        .text("(see https://en.wikipedia.org/wiki/Foo_(bar))", url: "https://en.wikipedia.org/wiki/Foo_(bar)", notes: "(see)"),
        .text("Wow https://example.com/a!!!", url: "https://example.com/a", notes: "Wow!!!"),
        .text("Is it https://example.com/a?", url: "https://example.com/a", notes: "Is it?"),
        .text("Check this out: https://example.com/a", url: "https://example.com/a", notes: "Check this out"),
        .text("https://example.com/a - a great read", url: "https://example.com/a", notes: "a great read"),
        .text("Quote \"https://example.com/q\" ends", url: "https://example.com/q", notes: "Quote ends"),
        .text("“https://example.com/curly”, she said", url: "https://example.com/curly", notes: "she said"),
        .text("'https://example.com/single'", url: "https://example.com/single"),
        .text("a,https://example.com/comma,b", url: "https://example.com/comma,b", notes: "a"),
        .text("first https://a.example.com then https://b.example.com", url: "https://a.example.com", notes: "first then https://b.example.com"),
        .text("www.example.com/path is nice", url: "https://www.example.com/path", notes: "is nice"),
        .text("example.com/path", url: nil), // bare hosts without www. are not links in text
        .text("see www.example", url: nil), // www. needs a real domain after it
        .text("HTTPS://EXAMPLE.COM/Path", url: "https://example.com/Path"),
        .text("https://User:Pw@Example.COM/A", url: "https://User:Pw@example.com/A"),
        .text("http://localhost:8080/x", url: "http://localhost:8080/x"),
        .text("http://[::1]:8080/", url: "http://[::1]:8080/"),
        .text("javascript:alert(1)", url: nil),
        .text("file:///etc/passwd and mailto:someone@example.com", url: nil),
        .text("data:text/html,hello", url: nil),
        .text("ftp://example.com/file", url: nil),
        .text("no link at all", url: nil),
        .text("", url: nil),
        .text("https://", url: nil),
        .text("https://-bad-.com/", url: nil),
        .text("xhttps://example.com", url: nil),
        .text("Line one\n\nhttps://example.com/a\n\nLine two", url: "https://example.com/a", notes: "Line one\n\nLine two"),
        .text("  lots   of\tspace https://example.com  ", url: "https://example.com", notes: "lots of space"),
        .text("Hi\u{7} there\u{0} https://example.com/a", url: "https://example.com/a", notes: "Hi there"),
        .text("https://example.com/a\u{A0}next", url: "https://example.com/a", notes: "next"),
        .text("日本語 https://example.jp/記事。続き", url: "https://example.jp/%E8%A8%98%E4%BA%8B", notes: "日本語。続き"),
        .text("tab\there https://example.com/x, and then", url: "https://example.com/x", notes: "tab here, and then"),
    ]

    static let payloadCases: [IngestCase] = [
        IngestCase("url payload", [.url("https://example.com/page")], url: "https://example.com/page"),
        IngestCase("url payload bare host", [.url("  example.com/path ")], url: "https://example.com/path"),
        IngestCase("url payload host and port", [.url("example.com:8080/x")], url: "https://example.com:8080/x"),
        IngestCase("url payload javascript", [.url("javascript:alert('https://evil.example.com')")], url: nil),
        IngestCase("url payload mailto", [.url("mailto:someone@example.com")], url: nil),
        IngestCase("url payload wrapped", [.url("<https://example.com/w>")], url: "https://example.com/w"),
        IngestCase("url first, text notes", [.url("https://example.com/a"), .plainText("My note about it")], url: "https://example.com/a", notes: "My note about it"),
        IngestCase("url first, text repeats it", [.url("https://example.com/a"), .plainText("Great read https://example.com/a. Thanks!")],
                   url: "https://example.com/a", notes: "Great read. Thanks!"),
        IngestCase("text without link, then url", [.plainText("nothing here"), .url("https://example.com/b")], url: "https://example.com/b", notes: "nothing here"),
        IngestCase("refused url, then text", [.url("file:///tmp/x"), .plainText("via https://example.com/t")], url: "https://example.com/t", notes: "via"),
        IngestCase("html link text and base", [.html("<base href='https://blog.example.com/x/'><p>Check <a href='/post'>this post</a> out</p>", baseURL: nil)],
                   url: "https://blog.example.com/post", title: "this post", notes: "Check this post out"),
        IngestCase("html relative to baseURL", [.html("<a href='page'>P</a> and more", baseURL: URL(string: "https://example.com/dir/"))],
                   url: "https://example.com/dir/page", title: "P", notes: "P and more"),
        IngestCase("html skips other schemes", [.html("<a href='javascript:void(0)'>x</a> <a href='mailto:a@b.example'>m</a> <a href='https://example.com/real'>Real</a>", baseURL: nil)],
                   url: "https://example.com/real", title: "Real", notes: "x m Real"),
        IngestCase("html relative links without base fall back to text", [.html("<a href='/x'>x</a> see https://example.com/text-url", baseURL: nil)],
                   url: "https://example.com/text-url", notes: "x see"),
        IngestCase("html link text equal to notes", [.html("<a href='https://example.com/x'>Great article</a>", baseURL: nil)],
                   url: "https://example.com/x", title: "Great article"),
        IngestCase("html url text is not a title", [.html("<a href='https://example.com/x'>https://example.com/x</a>", baseURL: nil)],
                   url: "https://example.com/x"),
        IngestCase("html page title for a url payload", [.url("https://example.com/a"), .html("<title>Page Title</title><p>Body text</p>", baseURL: nil)],
                   url: "https://example.com/a", title: "Page Title", notes: "Body text"),
        IngestCase("empty html is skipped", [.html("", baseURL: nil), .plainText("https://example.com/e")], url: "https://example.com/e"),
        .rtf("rtf text", #"{\rtf1\ansi{\fonttbl\f0\fswiss Helvetica;}{\colortbl;\red255\green0\blue0;}\f0 Great read https://example.com/a. Thanks!\par}"#,
             url: "https://example.com/a", notes: "Great read. Thanks!"),
        .rtf("rtf hyperlink field", #"{\rtf1 See {\field{\*\fldinst{HYPERLINK "https://example.com/f"}}{\fldrslt{\ul the field}}} now.}"#,
             url: "https://example.com/f", title: "the field", notes: "See the field now."),
        .rtf("rtf local hyperlink ignored", #"{\rtf1 {\field{\*\fldinst HYPERLINK \\l "_Toc1"}{\fldrslt Contents}} then https://example.com/z}"#,
             url: "https://example.com/z", notes: "Contents then"),
        .rtf("rtf skips embedded objects", #"{\rtf1 {\object\objemb{\*\objclass Word}{\*\objdata 0105 https://hidden.example.com}{\result https://result.example.com}}{\pict\pngblip https://pict.example.com 89504e47}{\*\generator https://gen.example.com;}{\info{\title https://info.example.com}} Visible https://visible.example.com}"#,
             url: "https://visible.example.com", notes: "Visible"),
        .rtf("rtf escapes", #"{\rtf1\ansi\uc1 Caf\u233? \'93quoted\'94 \emdash  https://example.com/x}"#, url: "https://example.com/x", notes: "Café “quoted”"),
        IngestCase("attachment utf8", [.textAttachment(Data("note https://example.com/t".utf8), filename: "note.txt")], url: "https://example.com/t", notes: "note"),
        IngestCase("attachment latin1", [.textAttachment(Data([0x43, 0x61, 0x66, 0xE9, 0x20] + Array("https://example.com/l".utf8)), filename: nil)],
                   url: "https://example.com/l", notes: "Café"),
        IngestCase("attachment utf16", [.textAttachment(Data([0xFF, 0xFE] + "Hé https://example.com/u".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), filename: "a.txt")],
                   url: "https://example.com/u", notes: "Hé"),
        IngestCase("attachment rtf by name", [.textAttachment(Data(#"{\rtf1 Saved {\field{\*\fldinst HYPERLINK "https://example.com/r"}{\fldrslt here}}}"#.utf8), filename: "Link.RTF")],
                   url: "https://example.com/r", title: "here", notes: "Saved here"),
        IngestCase("attachment html by name", [.textAttachment(Data("<p>Go <a href='https://example.com/h'>there</a></p>".utf8), filename: "clip.html")],
                   url: "https://example.com/h", title: "there", notes: "Go there"),
        IngestCase("attachment binary", [.textAttachment(Data([0x00, 0xFF, 0xFE, 0x10, 0x80]), filename: "blob.bin")], url: nil),
    ]

    @Test(arguments: plainTextCases + payloadCases)
    func parses(_ row: IngestCase) throws {
        guard let expectedURL = row.url else {
            #expect(throws: IngestError.noLinkFound) { try IngestPayloadParser.parse(row.payloads) }
            return
        }
        let result = try IngestPayloadParser.parse(row.payloads)
        #expect(result.url.absoluteString == expectedURL)
        #expect(result.title == row.title)
        #expect(result.notes == row.notes)
    }

    @Test func tableHasAtLeastFortyCases() {
        #expect(Self.plainTextCases.count + Self.payloadCases.count >= 40)
    }

    @Test func noLinkErrorMessage() {
        #expect(IngestError.noLinkFound.description == "No link found")
        #expect(IngestError.noLinkFound.localizedDescription == "No link found")
        #expect(throws: IngestError.noLinkFound) { try IngestPayloadParser.parse([]) }
    }
}
