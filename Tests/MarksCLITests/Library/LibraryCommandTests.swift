import MarksTestSupport
import Foundation
import MarksCore
import MarksIndex
import Testing
@testable import MarksCLI

@Suite struct LibraryCommandTests {
    static let sample = """
        <!DOCTYPE NETSCAPE-Bookmark-file-1>
        <DL><p>
        <DT><A HREF="https://example.com/a" ADD_DATE="1700000000" TAGS="x,y" TOREAD="1" PRIVATE="0">A &amp; B</A>
        <DD>About A[linkding-notes]Notes on A[/linkding-notes]
        <DT><A HREF="javascript:alert(1)">Not a web page</A>
        <DT><A HREF="https://example.com/b" ADD_DATE="1700000100" TAGS="linkding:bookmarks.archived,old">B</A>
        <DT><A HREF="https://example.com/c" ADD_DATE="soon">C</A>
        </DL><p>
        """

    func write(_ text: String, to name: String, in h: CLIHarness) throws -> String {
        let url = h.home.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func importReportsBadEntriesByLineAndExportWritesEveryBookmark() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        let file = try write(Self.sample, to: "bookmarks.html", in: h)
        #expect(await h.run(["import", file]) == 0)
        #expect(h.stdout == "Imported 3 bookmarks from \(file): 3 new, 0 updated, 1 skipped.\n")
        #expect(h.stderr.contains("\(file):5: Skipped a bookmark “Not a web page”"))
        #expect(h.stderr.contains("\(file):7: The bookmark “C” has an unreadable ADD_DATE"))

        h.reset()
        let out = h.home.appendingPathComponent("out/export.html").path
        #expect(await h.run(["export", out, "--json"]) == 0)
        let summary = try json(h.stdout)
        #expect(summary["exported"] as? Int == 3)
        let exported = try String(contentsOfFile: out, encoding: .utf8)
        #expect(exported.contains(#"<DT><A HREF="https://example.com/a" ADD_DATE="1700000000" LAST_MODIFIED="1700000000" PRIVATE="0" TOREAD="1" TAGS="x,y">A &amp; B</A>"#))
        #expect(exported.contains("<DD>About A[linkding-notes]Notes on A[/linkding-notes]"))
        #expect(exported.contains(#"TAGS="old,linkding:bookmarks.archived">B</A>"#))
        let mode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        h.reset()
        #expect(await h.run(["export"]) == 0)
        #expect(h.stdout == exported)
    }

    @Test func importIntoTheEmbeddedStoreReachesTheIndexAndTheWidgetsAtOnce() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        let file = try write(Self.sample, to: "bookmarks.html", in: h)
        #expect(await h.run(["import", file]) == 0)
        // No search, sync or `marks index` in between: the import itself told the index and rewrote the widgets.
        let index = try SearchIndex(path: h.dataDirectory.appendingPathComponent("marks.sqlite").path)
        #expect(try index.statistics().documents == 3)
        #expect(try index.keywordSearch("about", filter: SearchFilter(), limit: 10).count == 1)
        #expect(try index.keywordSearch("B", filter: SearchFilter(archived: true), limit: 10).count == 1)
        h.reset()
        #expect(await h.run(["widget", "recent", "--limit", "5"]) == 0)
        #expect(h.stdout == "C — example.com\nA & B — example.com\n")
    }

    @Test func importAsJSONListsEveryProblem() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        let file = try write(Self.sample, to: "b.html", in: h)
        #expect(await h.run(["import", file, "--json"]) == 0)
        let report = try json(h.stdout)
        #expect(report["created"] as? Int == 3 && report["skipped"] as? Int == 1 && report["through_api"] as? Bool == false)
        let problems = try #require(report["problems"] as? [[String: Any]])
        #expect(problems.compactMap { $0["line"] as? Int } == [5, 7])
        #expect(h.stderr.isEmpty)
    }

    @Test(arguments: ["just words", "", "{\"json\": true}", "<html><body>No bookmarks here</body></html>"])
    func aFileThatIsNotABookmarkFileChangesNothingAndFails(_ text: String) async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        #expect(await h.run(["import", try write(Self.sample, to: "good.html", in: h)]) == 0)
        h.reset()
        #expect(await h.run(["import", try write(text, to: "bad.txt", in: h)]) == 1)
        #expect(h.stderr.contains("This is not a bookmark file") && h.stderr.contains("Nothing was imported."))
        #expect(h.stdout.isEmpty)
        h.reset()
        #expect(await h.run(["export", "--data", h.dataDirectory.path]) == 0)
        #expect(h.stdout.components(separatedBy: "<DT><A ").count - 1 == 3)
    }

    @Test(arguments: [
        (["import"], Int32(64)), (["export", "--json"], Int32(64)), (["sync", "extra"], Int32(64)),
        (["import", "missing.html"], Int32(1)), (["import", "."], Int32(1)),
    ] as [([String], Int32)])
    func usageAndFileErrors(_ arguments: [String], _ code: Int32) async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        #expect(await h.run(arguments) == code)
        #expect(!h.stderr.isEmpty)
    }

    @Test func syncReportsPlainlyAsJSONAndWithProgressOnATerminal() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        #expect(await h.run(["import", try write(Self.sample, to: "b.html", in: h)]) == 0)
        h.reset()
        #expect(await h.run(["sync"]) == 0)
        // The embedded store is read where it is (the library keeps no copy of it): nothing to bring in step, the
        // store's counts.
        #expect(h.stdout == "Synced (incremental): 0 added, 0 updated, 0 removed; 2 bookmarks, 1 archived.\n")
        #expect(h.stderr.isEmpty)

        h.reset()
        #expect(await h.run(["sync", "--json"]) == 0)
        let report = try json(h.stdout)
        #expect(report["added"] as? Int == 0 && report["full"] as? Bool == false && report["live"] as? Int == 2)
    }

    @Test func aSyncOfALinkdingServerShowsItsProgressOnATerminal() async throws {
        let server = try EmbeddedLinkding()
        let h = try CLIHarness(config: server.configJSON)
        defer { h.cleanUp() }
        _ = try server.store.create(.init(url: "https://example.com/a", title: "A"))
        #expect(await MarksCommandLine.run(["sync", "--full"], context: h.context(terminal: true)) == 0)
        #expect(h.stdout == "Synced (full): 1 added, 0 updated, 0 removed; 1 bookmarks, 0 archived.\n")
        #expect(h.stderr.hasPrefix("\rSyncing bookmarks"))
        #expect(h.stderr.hasSuffix("\r"))
        #expect(!h.stderr.contains("\n"))
        await server.stop()
    }

    @Test func everyCommandWorksAgainstALinkdingServer() async throws {
        let server = try EmbeddedLinkding()
        let h = try CLIHarness(config: server.configJSON)
        defer { h.cleanUp() }
        _ = try server.store.create(.init(url: "https://example.com/a", title: "Already there", tagNames: ["kept"]))

        #expect(await h.run(["import", try write(Self.sample, to: "b.html", in: h), "--json"]) == 0, "\(h.stderr)")
        let imported = try json(h.stdout)
        #expect(imported["through_api"] as? Bool == true)
        #expect(imported["created"] as? Int == 2 && imported["updated"] as? Int == 1)
        let a = try #require(try server.store.bookmark(matching: "https://example.com/a"))
        #expect(a.title == "A & B" && a.tagNames == ["kept", "x", "y"] && a.unread)
        #expect(try server.store.bookmark(matching: "https://example.com/b")?.isArchived == true)

        h.reset()
        #expect(await h.run(["sync", "--json"]) == 0)
        #expect(try json(h.stdout)["live"] as? Int == 2)

        h.reset()
        #expect(await h.run(["export"]) == 0)
        #expect(h.stdout.contains(#"HREF="https://example.com/c""#) && h.stdout.contains("linkding:bookmarks.archived"))

        // Down: the sync fails with exit 1 and the cache keeps what it had.
        server.goDown()
        h.reset()
        #expect(await h.run(["sync", "--full"]) == 1)
        #expect(h.stderr.contains("503"))
        server.comeBack()
        h.reset()
        #expect(await h.run(["sync", "--json"]) == 0)
        let after = try json(h.stdout)
        #expect(after["added"] as? Int == 0 && after["removed"] as? Int == 0 && after["live"] as? Int == 2)
        await server.stop()
    }

    @Test func syncFailsClearlyWhenNoServerListens() async throws {
        let h = try CLIHarness(config: #"{"linkding":{"host":"127.0.0.1","port":9,"path":"","token":"t","https":false}}"#)
        defer { h.cleanUp() }
        #expect(await h.run(["sync"]) == 1)
        #expect(h.stderr.contains("Cannot reach 127.0.0.1:9"))
    }

    @Test func theBinaryImportsAndExportsTenThousandBookmarks() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        var lines = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>", "<DL><p>"]
        for i in 0..<10_000 {
            lines.append(#"<DT><A HREF="https://example.com/\#(i)" ADD_DATE="\#(1_600_000_000 + i)" TAGS="t\#(i % 7)">Item \#(i)</A>"#)
        }
        lines.append(#"<DT><A HREF="ftp://example.com/nope">Bad</A>"#)
        let file = marks.home.appendingPathComponent("big.html")
        try Data((lines.joined(separator: "\n") + "\n</DL><p>\n").utf8).write(to: file)

        let imported = try await marks.run(["import", file.path])
        #expect(imported.code == 0)
        #expect(imported.stdout == "Imported 10000 bookmarks from \(file.path): 10000 new, 0 updated, 1 skipped.\n")
        #expect(imported.stderr.contains("\(file.path):10003: Skipped a bookmark “Bad”"))

        let exported = try await marks.run(["export"])
        #expect(exported.code == 0)
        #expect(exported.stdout.components(separatedBy: "<DT><A ").count - 1 == 10_000)
        let synced = try await marks.run(["sync", "--json"])
        #expect(synced.code == 0 && synced.stdout.contains(#""live":10000"#))
    }
}
