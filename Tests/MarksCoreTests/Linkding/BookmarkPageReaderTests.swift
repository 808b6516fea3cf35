import Foundation
import MarksTestSupport
import Testing
@testable import MarksCore

/// `BookmarkPageReader` reads what linkding writes to the same value `JSONDecoder` gives, and leaves everything else —
/// malformed, hostile or merely unusual pages — to `JSONDecoder` (nil), whose answer and error stand.
@Suite struct BookmarkPageReaderTests {
    static let full = #"""
    {"id":7,"url":"https://example.com/a","title":"A","description":"d","notes":"n",
     "web_archive_snapshot_url":"https://web.archive.org/web/20240115103000/https://example.com/a",
     "favicon_url":null,"preview_image_url":"https://example.com/p.png","is_archived":false,"unread":true,
     "shared":false,"tag_names":["b","a"],"date_added":"2024-01-15T10:30:00Z",
     "date_modified":"2026-11-29T12:01:55.218339+01:00","website_title":null,"website_description":null}
    """#

    static func page(_ results: [String], count: Int? = nil, next: String = "null", previous: String = "null") -> String {
        #"{"count":\#(count ?? results.count),"next":\#(next),"previous":\#(previous),"results":[\#(results.joined(separator: ","))]}"#
    }

    /// Pages linkding (Python's `json`, DRF) could write, and pages a newer linkding might.
    static let readable: [(String, String)] = [
        ("a full bookmark", page([full], next: #""http://h/api/bookmarks/?limit=1&offset=1""#)),
        ("an empty page", page([])),
        ("only id and url", page([#"{"id":1,"url":"u"}"#])),
        ("nulls for every optional field", page([#"""
            {"id":2,"url":"u","title":null,"description":null,"notes":null,"web_archive_snapshot_url":null,
             "favicon_url":null,"preview_image_url":null,"is_archived":null,"unread":null,"shared":null,
             "tag_names":null,"date_added":null,"date_modified":null}
            """#])),
        ("unicode as UTF-8", page([#"{"id":3,"url":"https://例え.jp/ü","title":"Ünïcödé — 日本語 😀 e\#u{301}","tag_names":["über","日本"]}"#])),
        ("escapes", page([#"""
            {"id":4,"url":"https:\/\/example.com\/a?b=\"c\"","title":"tab\there\nnew \\ back \u00e9\u00E9 \ud83d\ude00 \u0000 \u2028",
             "description":"\b\f\r","tag_names":["\u0041",""]}
            """#])),
        ("Python's ensure_ascii output", page([#"{"id":5,"url":"u","title":"\u00dcber \u65e5\u672c \ud83d\ude00"}"#])),
        ("extra fields, nested", page([#"""
            {"id":6,"url":"u","website_title":null,"website_description":"x","is_new_field":true,"score":-1.5e+3,
             "assets":[{"id":1,"kind":"snapshot","sizes":[1,2.5,null]},[]],"owner":{"name":"a","ids":[]},"z":0}
            """#], next: "null")),
        ("extra page fields", #"{"results":[{"url":"u","id":9}],"extra":{"a":[1,{"b":null}]},"count":1,"previous":null}"#),
        ("pretty-printed", """
            {
              "count" : 1 ,
              "next" : null,
              "previous" : null,
              "results" : [
                {
                  "id" : 8 ,
                  "url" : "u",
                  "tag_names" : [ "a" , "b" ],
                  "is_archived" : true
                }
              ]
            }
            """),
        ("negative and large ids", page([#"{"id":-1,"url":"u"}"#, #"{"id":9223372036854775807,"url":"v"}"#, #"{"id":-0,"url":"w"}"#])),
        ("every date form", page([#"{"id":1,"url":"u","date_added":"2024-01-15T11:30:00.500+01:00","date_modified":"2024-01-15T05:00:00-0530"}"#])),
        ("a UTF-8 BOM", "\u{FEFF}" + page([#"{"id":1,"url":"u"}"#])),
    ]

    @Test(arguments: readable)
    func readsAsJSONDecoderDecodes(_ label: String, _ text: String) throws {
        let data = Data(text.utf8)
        let expected = try JSONDecoder().decode(Page<Bookmark>.self, from: data)
        let read = try #require(BookmarkPageReader.page(data), "\(label)")
        #expect(read == expected, "\(label)")
    }

    @Test func readsWhatTheServerWrites() throws {
        var random = SeededGenerator(seed: 15)
        let alphabet: [String] = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "e\u{301}", "日", "😀",
                                  "\u{2028}", "\u{FEFF}", "\u{FFFD}", "<", "&"]
        func text() -> String { (0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "" }.joined() }
        let bookmarks = (0..<200).map { index in
            Bookmark(id: index * 7919 - 500, url: "https://example.com/" + text(), title: text(), description: text(), notes: text(),
                     webArchiveSnapshotURL: text(), faviconURL: Bool.random(using: &random) ? nil : text(),
                     previewImageURL: Bool.random(using: &random) ? nil : text(), isArchived: Bool.random(using: &random),
                     unread: Bool.random(using: &random), shared: Bool.random(using: &random),
                     tagNames: (0..<Int.random(in: 0...3, using: &random)).map { _ in text() },
                     dateAdded: Date(timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000_000_000, using: &random)) / 1e6),
                     dateModified: Date(timeIntervalSince1970: Double(Int.random(in: -1_000_000...2_000_000_000, using: &random))))
        }
        let data = Page(count: 1000, next: "http://h/?offset=200", previous: nil, results: bookmarks).jsonValue { $0.jsonValue }.data
        let read = try #require(BookmarkPageReader.page(data))
        #expect(read == (try JSONDecoder().decode(Page<Bookmark>.self, from: data)))
        #expect(read.results.map(\.title) == bookmarks.map(\.title))
        #expect(read.results.map(\.tagNames) == bookmarks.map(\.tagNames))
    }

    /// Valid JSON that `JSONDecoder` accepts in its own lenient way: left to it, so its answer stands.
    static let leftToJSONDecoder: [(String, String)] = [
        ("an id written as a float", page([#"{"id":1.0,"url":"u"}"#])),
        ("an id with an exponent", page([#"{"id":1e2,"url":"u"}"#])),
        ("a duplicate key (JSONDecoder keeps the first)", page([#"{"id":1,"url":"u","id":2}"#])),
        ("an escaped key", page([#"{"i\u0064":1,"url":"u"}"#])),
        ("a trailing comma", page([#"{"id":1,"url":"u",}"#])),
        ("a leading zero in an unknown field", page([#"{"id":1,"url":"u","x":01}"#])),
        ("UTF-16", String(decoding: page([#"{"id":1,"url":"u"}"#]).utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, as: UTF8.self)),
    ]

    @Test(arguments: leftToJSONDecoder)
    func leavesLenientFormsToJSONDecoder(_ label: String, _ text: String) {
        #expect(BookmarkPageReader.page(Data(text.utf8)) == nil, "\(label)")
    }

    /// Malformed and hostile pages: the reader gives nil, and `JSONDecoder` (whose error the client reports) refuses them.
    static let malformed: [(String, [UInt8])] = [
        ("empty", []),
        ("not JSON", Array("<html>".utf8)),
        ("truncated", Array(page([full]).utf8.dropLast(7))),
        ("a lone high surrogate", Array(page([#"{"id":1,"url":"a\ud800"}"#]).utf8)),
        ("a lone low surrogate", Array(page([#"{"id":1,"url":"a\udc00b"}"#]).utf8)),
        ("invalid UTF-8", Array(#"{"count":1,"next":null,"previous":null,"results":[{"id":1,"url":"a"#.utf8) + [0xFF, 0xFE] + Array(#""}]}"#.utf8)),
        ("a truncated UTF-8 sequence before an escape", Array(#"{"count":1,"next":null,"previous":null,"results":[{"id":1,"url":"a"#.utf8) + [0xE2, 0x82] + Array(#"\n"}]}"#.utf8)),
        ("a raw control character", Array(page(["{\"id\":1,\"url\":\"a\tb\"}"]).utf8)),
        ("a bad escape", Array(page([#"{"id":1,"url":"\x"}"#]).utf8)),
        ("a short unicode escape", Array(page([#"{"id":1,"url":"\u12"}"#]).utf8)),
        ("an id as a string", Array(page([#"{"id":"1","url":"u"}"#]).utf8)),
        ("an id too large", Array(page([#"{"id":99999999999999999999,"url":"u"}"#]).utf8)),
        ("a fractional id", Array(page([#"{"id":1.5,"url":"u"}"#]).utf8)),
        ("no id", Array(page([#"{"url":"u"}"#]).utf8)),
        ("a null url", Array(page([#"{"id":1,"url":null}"#]).utf8)),
        ("a flag as a number", Array(page([#"{"id":1,"url":"u","unread":1}"#]).utf8)),
        ("tags as a string", Array(page([#"{"id":1,"url":"u","tag_names":"a,b"}"#]).utf8)),
        ("a null tag", Array(page([#"{"id":1,"url":"u","tag_names":["a",null]}"#]).utf8)),
        ("a date that is none", Array(page([#"{"id":1,"url":"u","date_added":"yesterday"}"#]).utf8)),
        ("a bookmark that is a list", Array(page(["[1]"]).utf8)),
        ("no results", Array(#"{"count":0,"next":null,"previous":null}"#.utf8)),
        ("no count", Array(#"{"next":null,"previous":null,"results":[]}"#.utf8)),
        ("results not a list", Array(#"{"count":0,"results":{}}"#.utf8)),
        ("next as a number", Array(page([], next: "3").utf8)),
        ("NaN in an extra field", Array(page([#"{"id":1,"url":"u","x":NaN}"#]).utf8)),
        ("trailing data", Array((page([]) + " x").utf8)),
        ("a top-level list", Array("[]".utf8)),
        ("nested 100,000 deep", Array((#"{"count":0,"results":[],"x":"# + String(repeating: "[", count: 100_000)).utf8)),
        ("nested 100,000 deep and closed",
         Array((#"{"count":0,"results":[],"x":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}").utf8)),
    ]

    @Test(arguments: malformed)
    func refusesMalformedPages(_ label: String, _ bytes: [UInt8]) {
        let data = Data(bytes)
        #expect(BookmarkPageReader.page(data) == nil, "\(label)")
        #expect(throws: (any Error).self, "\(label)") { try JSONDecoder().decode(Page<Bookmark>.self, from: data) }
    }

    @Test func everyPrefixOfAPageIsRefusedOrEqual() throws {
        let bytes = Array(Self.page([Self.full, #"{"id":5,"url":"u","title":"\u00e9 😀 \"q\"","x":[1,{"y":null}]}"#]).utf8)
        let whole = try #require(BookmarkPageReader.page(Data(bytes)))
        for end in 0..<bytes.count {
            let prefix = Data(bytes[0..<end])
            if let read = BookmarkPageReader.page(prefix) {
                #expect(read == whole, "a prefix of \(end) bytes")  // only trailing white space may be missing
            }
        }
    }
}
