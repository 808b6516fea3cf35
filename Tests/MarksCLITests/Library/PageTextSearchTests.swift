import Foundation
import HTTPServer
import MarksTestSupport
import Testing

/// Issue 36 item 3: `marks search` finds words in the archived page text, as the web's Search tab does. Two pages
/// served on loopback and archived by `marks archive-text`; one holds the word deep in its text, the other in its
/// title. The title match is linkding's result (first); the page match is listed below it with the words around the
/// match; hostile input never crashes the command.
@Suite struct PageTextSearchTests {
    static let filler = "Keeping projects apart means each one gets the packages it needs without touching the others. "

    static let pages: [String: String] = [
        "/venv": "<html><head><title>Isolated environments</title></head><body><article><h1>Isolated environments</h1>"
            + String(repeating: "<p>\(filler)\(filler)</p>", count: 8)
            + "<p>When the tool starts it calls logging.basicConfig with handlers for the console and a file, so every run leaves a record.</p>"
            + String(repeating: "<p>\(filler)</p>", count: 4) + "</article></body></html>",
        "/logging": "<html><head><title>Logging notes</title></head><body><article><h1>Logging notes</h1>"
            + String(repeating: "<p>Log records travel from loggers to handlers, which write them somewhere useful for later reading.</p>", count: 10)
            + "</article></body></html>",
    ]

    static let fetching = ["MARKS_ALLOW_PRIVATE_FETCHES": "1", "MARKS_FETCH_PAGES": "1"]

    /// A data directory with both pages bookmarked and archived; the server stopped after.
    static func archivedLibrary() async throws -> MarksBinary {
        var router = Router()
        for (path, html) in pages { router.get(path) { _ in .html(html) } }
        let live = try LiveServer(serving: router, configuration: HTTPServer.Configuration(threadPoolSize: 2, shutdownGracePeriod: .seconds(1)))
        let marks = try MarksBinary()
        let file = marks.home.appendingPathComponent("bookmarks.html")
        try """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <DL><p>
            <DT><A HREF="http://127.0.0.1:\(live.port)/venv" ADD_DATE="1700000000">Isolated Python environments</A>
            <DT><A HREF="http://127.0.0.1:\(live.port)/logging" ADD_DATE="1700000100" TAGS="python">basicConfig cheatsheet</A>
            </DL><p>
            """.write(to: file, atomically: true, encoding: .utf8)
        let imported = try await marks.run(["import", file.path])
        #expect(imported.code == 0, "\(imported.stderr)")
        let archived = try await marks.run(["archive-text", "--json"], extraEnvironment: fetching)
        await live.stop()
        #expect(archived.code == 0, "\(archived.stderr)")
        #expect(archived.stdout.contains(#""stored":2"#), "\(archived.stdout)")
        return marks
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }

    @Test(.timeLimit(.minutes(5))) func aWordOnlyInAnArchivedPageIsFoundBelowTheTitleMatchWithItsSnippet() async throws {
        let marks = try await Self.archivedLibrary()
        defer { marks.cleanUp() }

        let json = try await marks.run(["search", "basicConfig", "--json"])
        #expect(json.code == 0, "\(json.stderr)")
        let found = try Self.object(json.stdout)
        let results = try #require(found["results"] as? [[String: Any]])
        #expect(results.map { $0["title"] as? String } == ["basicConfig cheatsheet"], "the title match is linkding's result")
        let pages = try #require(found["pages"] as? [[String: Any]], "\(json.stdout)")
        #expect(pages.map { $0["title"] as? String } == ["Isolated Python environments"], "only the page match, once")
        let snippet = try #require(pages.first?["snippet"] as? String)
        #expect(snippet.contains("basicConfig with handlers"), "\(snippet)")
        #expect(pages.first?["matched"] as? [String] == ["basicConfig"])

        let text = try await marks.run(["search", "basicConfig"])
        #expect(text.code == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let title = try #require(lines.firstIndex { $0.contains("basicConfig cheatsheet") }, "\(text.stdout)")
        let heading = try #require(lines.firstIndex(of: "In archived pages:"), "\(text.stdout)")
        #expect(title < heading, "a title match comes before a match deep in a page")
        #expect(lines.count > heading + 2 && lines[heading + 1].contains("Isolated Python environments"))
        #expect(lines.count > heading + 2 && lines[heading + 2].contains("«basicConfig» with handlers"), "\(text.stdout)")

        // Every word must be in the page; a word in neither page finds nothing there.
        let both = try Self.object(try await marks.run(["search", "basicConfig", "record", "--json"]).stdout)
        #expect((both["pages"] as? [[String: Any]])?.count == 1)
        let missing = try await marks.run(["search", "basicConfig", "zebra"])
        #expect(missing.code == 0)
        #expect(missing.stdout == "No results for “basicConfig zebra”.\n")
        // A tag or an operator is linkding's language: no page matches then (the page text cannot keep its meaning).
        let tagged = try Self.object(try await marks.run(["search", "basicConfig", "#python", "--json"]).stdout)
        #expect((tagged["pages"] as? [[String: Any]])?.isEmpty == true)
        // Scoped to archived bookmarks: neither is archived.
        let archivedOnly = try Self.object(try await marks.run(["search", "basicConfig", "--archived", "--json"]).stdout)
        #expect((archivedOnly["pages"] as? [[String: Any]])?.isEmpty == true)
    }

    @Test(.timeLimit(.minutes(5))) func hostileQueriesGiveAClearErrorOrASaneResultNeverACrash() async throws {
        let marks = try await Self.archivedLibrary()
        defer { marks.cleanUp() }
        let hostile = [
            "\"basicConfig", "basicConfig\"", "\"\"", "NEAR(basicConfig handlers)", "basic* OR", "title:basicConfig", "^basicConfig",
            "basicConfig AND", "AND OR NOT", "(", ")", "*", "-basicConfig", "'; DROP TABLE index_documents; --", "{title}: x",
            "basicConfig\u{E000}handlers\u{E001}", "bas\u{301}icConfig", "🐍 basicConfig", "...", "the of and",
            String(repeating: "basicConfig", count: 9_000),
            String(repeating: "a\"b", count: 10_000),
        ]
        for query in hostile {
            let result = try await marks.run(["search", "--json", "--", query])
            #expect([0, 1, 64].contains(result.code), "\(query.prefix(40)): exit \(result.code), \(result.stderr.prefix(300))")
            let value = try Self.object(result.stdout)
            if result.code == 0 {
                #expect(value["results"] != nil && value["pages"] != nil, "\(query.prefix(40)): \(result.stdout.prefix(300))")
            } else {
                #expect((value["error"] as? String)?.isEmpty == false, "\(query.prefix(40)): \(result.stdout.prefix(300))")
            }
            #expect(!result.stderr.contains("Fatal error"), "\(query.prefix(40)): \(result.stderr.prefix(300))")
        }
        // Nothing was lost or broken: the page is still found.
        let again = try Self.object(try await marks.run(["search", "basicConfig", "--json"]).stdout)
        #expect((again["pages"] as? [[String: Any]])?.count == 1)
    }
}
