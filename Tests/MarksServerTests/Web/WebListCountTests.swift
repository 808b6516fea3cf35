import Foundation
import MarksCore
import SQLiteDatabase
import Testing
@testable import MarksServer

/// The count on All / Unread / Archived (which the embedded store keeps instead of counting rows per request) and
/// the Trash's rows equal a fresh `count(*)` over the database file after every way the web app changes bookmarks.
@Suite struct WebListCountTests {
    /// `count(*)` of each list over the harness's database file, through a connection of the test's own.
    private static func counted(_ web: WebHarness) throws -> (all: Int, unread: Int, archived: Int, trash: Int) {
        let db = try Connection(path: web.directory.appendingPathComponent("marks.sqlite").path, options: .init(readOnly: true))
        func count(_ sql: String) throws -> Int { try db.queryOne(sql).map { try $0.int(at: 0) } ?? -1 }
        return (try count("SELECT count(*) FROM store_bookmarks WHERE is_archived = 0"),
                try count("SELECT count(*) FROM store_bookmarks WHERE is_archived = 0 AND unread = 1"),
                try count("SELECT count(*) FROM store_bookmarks WHERE is_archived = 1"),
                try count("SELECT count(*) FROM store_trash"))
    }

    /// The number in a list page's `<span class="count">`, or nil when the page shows none.
    private static func shownCount(_ html: String) -> Int? {
        guard let start = html.range(of: "id=\"count\""), let end = html[start.upperBound...].firstIndex(of: ">") else { return nil }
        return Int(html[html.index(after: end)...].prefix { $0.isNumber })
    }

    private static func expectShown(_ web: WebHarness, _ client: inout WebClient, after step: String,
                                    sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let fresh = try counted(web)
        let pages: [(String, Int)] = [("/", fresh.all), ("/?show=unread", fresh.unread), ("/?show=archived", fresh.archived)]
        for (path, expected) in pages {
            let shown = shownCount(WebClient.text(try await client.get(path))) ?? 0
            #expect(shown == expected, "\(path) after \(step)", sourceLocation: sourceLocation)
        }
        let trash = WebClient.text(try await client.get("/trash"))
        #expect(trash.components(separatedBy: "/purge\"").count - 1 == fresh.trash, "trash rows after \(step)",
                sourceLocation: sourceLocation)
    }

    @Test func theListCountsFollowEveryChangeTheWebAppMakes() async throws {
        let web = try await WebHarness.make { try await $0.seed(8, unread: { $0 % 2 == 0 }) }
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        try await Self.expectShown(web, &client, after: "seeding")
        _ = try await client.post("/bookmarks/1/mark-unread")
        _ = try await client.post("/bookmarks/2/mark-read")
        try await Self.expectShown(web, &client, after: "mark read and unread")
        _ = try await client.post("/bookmarks/3/archive")
        _ = try await client.post("/bookmarks/4/archive")
        _ = try await client.post("/bookmarks/3/unarchive")
        try await Self.expectShown(web, &client, after: "archive and unarchive")
        _ = try await client.post("/bookmarks/bulk", [("do", "read"), ("ids", "5"), ("ids", "6")])
        _ = try await client.post("/bookmarks/bulk", [("do", "archive"), ("ids", "7"), ("ids", "8")])
        try await Self.expectShown(web, &client, after: "bulk read and bulk archive")
        _ = try await client.post("/bookmarks/1/delete")
        _ = try await client.post("/bookmarks/bulk", [("do", "delete"), ("confirm", "1"), ("ids", "2"), ("ids", "7")])
        try await Self.expectShown(web, &client, after: "a delete and a bulk delete")
        _ = try await client.post("/bookmarks/1/restore")
        _ = try await client.post("/trash/2/purge")
        try await Self.expectShown(web, &client, after: "a restore and a purge")
        _ = try await client.post("/trash/empty")
        try await Self.expectShown(web, &client, after: "emptying the trash")
        _ = try await web.library.importNetscape("""
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <DL><p>
            <DT><A HREF="https://imported.example/one" TOREAD="1">One</A>
            <DT><A HREF="https://imported.example/two">Two</A>
            <DT><A HREF="https://example.com/article/5" TOREAD="1">Five again</A>
            </DL><p>
            """)
        try await Self.expectShown(web, &client, after: "an import")
        let fresh = try Self.counted(web)
        #expect(fresh.all > 0 && fresh.unread > 0 && fresh.archived > 0, "the lists were not all empty: \(fresh)")
    }
}
