import Foundation
import Testing
@testable import MarksCLI

@Suite struct WidgetCommandTests {
    func writeWidgets(_ cli: CLIHarness) throws {
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        let items = (1...5).map { i in
            #"{"id":\#(i),"title":"Title \#(i)","url":"https://example.com/\#(i)","domain":"example.com","summary":"S\#(i)","unread":\#(i == 1),"date_added":"2026-01-0\#(i)T00:00:00Z","link":"marks://bookmark?id=\#(i)&url=https://example.com/\#(i)"}"#
        }
        try Data(#"{"recent":[\#(items.joined(separator: ","))],"updated_at":"2026-01-06T00:00:00Z"}"#.utf8)
            .write(to: cli.dataDirectory.appendingPathComponent("widget_bookmarks.json"))
        try Data(#"{"recent":[{"title":"Episode\u0007 one","url":"https://example.com/p","duration_seconds":3725,"created_at":"2026-01-01T00:00:00Z","played":false,"link":"marks://podcast?url=https://example.com/p"},{"title":"Two","url":"https://example.com/q","created_at":"2026-01-01T00:00:00Z","played":true,"link":"marks://podcast?url=https://example.com/q"}],"updated_at":"2026-01-06T00:00:00Z"}"#.utf8)
            .write(to: cli.dataDirectory.appendingPathComponent("widget_podcasts.json"))
    }

    /// Runs the widget command on the files as they are (`marks widget` first refreshes them from the library, which
    /// would replace these hand-made ones).
    func show(_ arguments: [String], _ cli: CLIHarness) throws -> Int32 {
        try WidgetCommand.run(cli.parse(arguments), context: cli.context(), pick: { _ in 0 })
    }

    @Test func recentPrintsOneLinePerItem() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try writeWidgets(cli)
        #expect(try show(["widget", "recent"], cli) == 0)
        #expect(cli.stdout == "Title 1 — example.com\nTitle 2 — example.com\nTitle 3 — example.com\n")
        cli.reset()
        #expect(try show(["widget", "recent", "-n", "2", "--format", "{id}\t{unread}{title} {link} {nope}"], cli) == 0)
        #expect(cli.stdout == "1 ●Title 1 marks://bookmark?id=1&url=https://example.com/1 {nope}\n2 Title 2 marks://bookmark?id=2&url=https://example.com/2 {nope}\n")
        cli.reset()
        #expect(await cli.run(["widget", "recent", "--limit", "99"]) == 64)
    }

    @Test func jsonPrintsTheFile() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        #expect(await cli.run(["widget", "recent", "--json"]) == 0)
        let empty = try #require(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])
        #expect((empty["recent"] as? [Any])?.isEmpty == true)
        cli.reset()
        try writeWidgets(cli)
        #expect(await cli.run(["widget", "podcasts", "--json"]) == 0)
        let file = try String(contentsOf: cli.dataDirectory.appendingPathComponent("widget_podcasts.json"), encoding: .utf8)
        #expect(cli.stdout == file + "\n")
    }

    @Test func randomPicksWithTheInjectedSource() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try writeWidgets(cli)
        for (pick, title) in [(0, "Title 1"), (3, "Title 4"), (4, "Title 5"), (99, "Title 5"), (-1, "Title 1")] {
            cli.reset()
            var offered = 0
            let code = try WidgetCommand.run(cli.parse(["widget", "random"]), context: cli.context(), pick: { count in
                offered = count
                return pick
            })
            #expect(code == 0 && offered == 5)
            #expect(cli.stdout == "\(title) — example.com\n")
        }
        cli.reset()
        #expect(try WidgetCommand.run(cli.parse(["widget", "random", "--json"]), context: cli.context(), pick: { _ in 1 }) == 0)
        #expect(cli.stdout.contains(#""id":2"#) && cli.stdout.contains(#""link":"marks://bookmark?id=2&url=https://example.com/2""#))
    }

    @Test func podcastsShowDurationAndStripControlCharacters() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try writeWidgets(cli)
        #expect(await cli.run(["widget", "podcasts"]) == 0)
        #expect(cli.stdout == "Episode  one (1:02:05)\nTwo (–)\n")
    }

    @Test func emptyAndCorruptFiles() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        #expect(await cli.run(["widget", "random"]) == 0)
        #expect(cli.stdout.isEmpty && cli.stderr.contains("No bookmarks"))
        try FileManager.default.createDirectory(at: cli.dataDirectory, withIntermediateDirectories: true)
        try Data("{\"recent\": [".utf8).write(to: cli.dataDirectory.appendingPathComponent("widget_bookmarks.json"))
        cli.reset()
        #expect { _ = try show(["widget", "recent"], cli) } throws: { ($0 as? CLIFailure)?.description.contains("cannot be read") == true }
        #expect(await cli.run(["widget", "recent"]) == 0, "the refresh rewrites a damaged file")
        #expect(await cli.run(["widget"]) == 64)
    }
}
