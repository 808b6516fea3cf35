import Foundation
import HTTPServer
import MarksTestSupport
import Testing

/// `marks check-links` end to end: the real binary, bookmarks imported into the embedded store, pages served on
/// loopback. A 404 and a dead host (a port nothing listens on) are broken, a 301 to a page that answers is moved.
@Suite struct CheckLinksCommandTests {
    static let fetching = ["MARKS_ALLOW_PRIVATE_FETCHES": "1", "MARKS_FETCH_PAGES": "1"]

    @Test(.timeLimit(.minutes(5))) func a404AndADeadHostAreBrokenAndA301IsMoved() async throws {
        var router = Router()
        router.get("/ok") { _ in .html("<p>here</p>") }
        router.get("/new") { _ in .html("<p>moved here</p>") }
        router.get("/old") { _ in HTTPResponse(status: 301, headers: ["Location": "/new"], body: .bytes(Data())) }
        let live = try LiveServer(serving: router, configuration: HTTPServer.Configuration(threadPoolSize: 2, shutdownGracePeriod: .seconds(1)))
        let closed = try LiveServer(serving: Router())
        let deadPort = closed.port
        await closed.stop()
        let base = "http://127.0.0.1:\(live.port)"
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let file = marks.home.appendingPathComponent("bookmarks.html")
        try """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <DL><p>
            <DT><A HREF="\(base)/ok" ADD_DATE="1700000000">Fine</A>
            <DT><A HREF="\(base)/missing" ADD_DATE="1700000100">Gone</A>
            <DT><A HREF="\(base)/old" ADD_DATE="1700000200">Moved</A>
            <DT><A HREF="http://127.0.0.1:\(deadPort)/page" ADD_DATE="1700000300">Dead</A>
            </DL><p>
            """.write(to: file, atomically: true, encoding: .utf8)
        let imported = try await marks.run(["import", file.path])
        #expect(imported.code == 0, "\(imported.stderr)")

        let json = try await marks.run(["check-links", "--json"], extraEnvironment: Self.fetching)
        #expect(json.code == 0, "\(json.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json.stdout)")
        let byURL = Dictionary(uniqueKeysWithValues: rows.compactMap { row in (row["url"] as? String).map { ($0, row) } })
        #expect(byURL.count == 4, "\(json.stdout)")
        #expect(byURL["\(base)/ok"]?["status"] as? String == "ok")
        #expect(byURL["\(base)/ok"]?["http_status"] as? Int == 200)
        #expect(byURL["\(base)/missing"]?["status"] as? String == "broken")
        #expect(byURL["\(base)/missing"]?["reason"] as? String == "HTTP 404 Not Found")
        #expect(byURL["\(base)/old"]?["status"] as? String == "moved")
        #expect(byURL["\(base)/old"]?["final_url"] as? String == "\(base)/new")
        let dead = byURL["http://127.0.0.1:\(deadPort)/page"]
        #expect(dead?["status"] as? String == "broken")
        #expect((dead?["reason"] as? String)?.hasPrefix("dead host:") == true, "\(String(describing: dead))")
        #expect(dead?["http_status"] is NSNull)
        #expect(rows.allSatisfy { ($0["checked_at"] as? String)?.isEmpty == false })
        #expect(json.stderr.contains("[4/4]"), "progress on standard error: \(json.stderr)")

        // A second run within the week checks nothing again and still reports every link.
        let requestsBefore = live.requests.count
        let text = try await marks.run(["check-links"], extraEnvironment: Self.fetching)
        #expect(text.code == 0, "\(text.stderr)")
        #expect(live.requests.count == requestsBefore, "nothing was due")
        #expect(text.stdout.contains("4 bookmarks, 1 ok, 2 broken, 1 moved"), "\(text.stdout)")
        #expect(text.stdout.contains("broken: \(base)/missing — HTTP 404 Not Found"), "\(text.stdout)")
        #expect(text.stdout.contains("moved: \(base)/old → \(base)/new"), "\(text.stdout)")
        await live.stop()
    }
}
