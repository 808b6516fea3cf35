import MarksTestSupport
import Foundation
import MarksBookmarks
import MarksPodcasts
import Testing

/// `marks share`, `add`, `unread` and deep links, run as the real binary (temp XDG dirs).
@Suite struct ShareEndToEndTests {
    func configure(_ marks: MarksBinary, _ server: StoreBackedLinkding) throws {
        let dir = marks.home.appendingPathComponent("config/marks")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("config.json")
        try Data(server.configJSON.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func dryRunJSONPrintsTheURLAndTheCleanedNotes() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let result = try await marks.run(["share", "--dry-run", "--json"], stdin: "Great read https://example.com/a?x=1. Thanks!\n")
        #expect(result.code == 0, "\(result.stderr)")
        let card = try object(result.stdout)
        #expect(card["url"] as? String == "https://example.com/a?x=1")
        #expect(card["notes"] as? String == "Great read. Thanks!")
        #expect(card["action"] as? String == "create")
    }

    @Test func sharingAnExistingURLUpdatesItInsteadOfDuplicating() async throws {
        let server = try StoreBackedLinkding()
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        try configure(marks, server)
        try server.seed(url: "https://example.com/seen", title: "Seen before", notes: "old notes", tags: ["kept"])
        let preview = try await marks.run(["share", "--dry-run", "--json"], stdin: "again https://example.com/seen/")
        let card = try object(preview.stdout)
        #expect(card["action"] as? String == "update")
        #expect(card["existing_id"] as? Int == 1)
        #expect(card["tags"] as? [String] == ["kept"])

        let result = try await marks.run(["share", "--yes", "--tags", "more", "--json"], stdin: "again https://example.com/seen/")
        await server.stop()
        #expect(result.code == 0, "\(result.stderr)")
        #expect(try object(result.stdout)["action"] as? String == "updated")
        #expect(try server.bookmarks.count == 1)
        #expect(server.creates == 0 && server.patches == 1)
        #expect(try server.bookmarks.first?.tagNames == ["kept", "more"])
        #expect(try server.bookmarks.first?.notes == "old notes\n\nagain")
        // The widget file was refreshed after the save.
        let widget = try String(contentsOf: marks.home.appendingPathComponent("data/marks/widget_bookmarks.json"), encoding: .utf8)
        #expect(widget.contains("https://example.com/seen"))
    }

    @Test func addRefreshesTheWidgetFiles() async throws {
        let server = try StoreBackedLinkding()
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        try configure(marks, server)
        let widgetFile = marks.home.appendingPathComponent("data/marks/widget_bookmarks.json")
        #expect(!FileManager.default.fileExists(atPath: widgetFile.path))
        let result = try await marks.run(["add", "https://example.com/added", "--title", "Added headlessly"])
        #expect(result.code == 0, "\(result.stderr)")
        let recent = try await marks.run(["widget", "recent"])
        await server.stop()
        #expect(recent.stdout == "Added headlessly — example.com\n")
        #expect(try String(contentsOf: widgetFile, encoding: .utf8).contains("marks://bookmark?id=1&url=https://example.com/added"))
    }

    @Test func unreadShowsUpToTenUnreadBookmarks() async throws {
        let server = try StoreBackedLinkding()
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        try configure(marks, server)
        for i in 1...14 { try server.seed(url: "https://example.com/\(i)", title: "Item \(i)", unread: i % 7 != 0) }
        let text = try await marks.run(["unread"])
        let json = try await marks.run(["unread", "--json"])
        let none = try await marks.run(["unread", "--limit", "0"])
        await server.stop()
        #expect(text.code == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 11) // ten rows and the "(10 of 12 …)" line
        #expect(lines.first?.contains("Item 13") == true)
        #expect(!text.stdout.contains("Item 14") && !text.stdout.contains("Item 7 "))
        #expect((try object(json.stdout)["results"] as? [Any])?.count == 10)
        #expect(none.code == 64)
    }

    @Test func noLinkIsExitOneWithAClearMessage() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let result = try await marks.run(["share", "--dry-run"], stdin: "just words, nothing to save\n")
        #expect(result.code == 1)
        #expect(result.stderr.contains("No link found"))
        #expect(result.stdout.isEmpty)
    }

    @Test func withoutATerminalOrYesItRefusesWithUsage() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let result = try await marks.run(["share"], stdin: "https://example.com/x")
        #expect(result.code == 64)
        #expect(result.stderr.contains("--yes") && result.stderr.contains("usage: marks share"))
    }

    @Test func binaryGarbageOnStandardInputIsNoLink() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        var generator = SystemRandomNumberGenerator()
        let garbage = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }.map { $0 == UInt8(ascii: "h") ? 0x01 : $0 }
        let file = marks.home.appendingPathComponent("garbage.bin")
        try Data(garbage).write(to: file)
        let result = try await marks.run(["share", "--dry-run", "--file", file.path])
        #expect(result.code == 1)
        #expect(result.stderr.contains("No link found"))
    }

    @Test func fiveMegabytesOfTextOnStandardInput() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let text = String(repeating: "All work and no play. ", count: 5 * 1024 * 1024 / 22) + "https://example.com/late"
        let result = try await marks.run(["share", "--dry-run", "--json"], stdin: text)
        #expect(result.code == 0, "\(result.stderr)")
        let card = try object(result.stdout)
        #expect(card["url"] as? String == "https://example.com/late")
        #expect(((card["notes"] as? String) ?? "").count <= 1800)
    }

    @Test func rtfWithEmbeddedObjectsAndHTMLWithABase() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let rtf = marks.home.appendingPathComponent("note.rtf")
        try Data(#"{\rtf1\ansi{\fonttbl{\f0 Helvetica;}}{\object\objemb{\*\objdata 01050000 https://hidden.example.com/obj}}{\pict\pngblip 89504e47 https://pict.example.com}\f0 Read {\field{\*\fldinst HYPERLINK "https://example.com/rtf"}{\fldrslt this}} today\par}"#.utf8).write(to: rtf)
        let fromRTF = try object(try await marks.run(["share", "--dry-run", "--json", "--file", rtf.path]).stdout)
        #expect(fromRTF["url"] as? String == "https://example.com/rtf")
        #expect(fromRTF["title"] as? String == "this")

        let html = marks.home.appendingPathComponent("clip.html")
        try Data("<html><head><base href='https://docs.example.com/v2/'></head><body><p>See <a href='guide/start?a=1&amp;b=2'>the guide</a> and <a href='/other'>more</a>.</p></body></html>".utf8).write(to: html)
        let fromHTML = try object(try await marks.run(["share", "--dry-run", "--json", "-f", "clip.html"]).stdout)
        #expect(fromHTML["url"] as? String == "https://docs.example.com/v2/guide/start?a=1&b=2")
        #expect(fromHTML["title"] as? String == "the guide")

        let missing = try await marks.run(["share", "--dry-run", "--file", "nope.txt"])
        #expect(missing.code == 1 && missing.stderr.contains("Cannot read nope.txt"))
    }

    @Test(arguments: [
        ("marks://bookmark?url=javascript:alert(1)", "url is not valid"),
        ("marks://bookmark?id=-4", "id is not valid"),
        ("marks://bookmark?id=1%0A2", "id is not valid"),
        ("marks://bookmark", "has no id or url"),
        ("marks://podcast?url=", "has no url"),
        ("marks://podcast?url=file:///etc/passwd", "url is not valid"),
        ("marks://%E2%80%AEevil?url=https://x.example.com", "Unknown marks:// link kind"),
        ("marks:", "Unknown marks:// link kind"),
    ])
    func hostileDeepLinksAreRefused(link: String, message: String) async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let result = try await marks.run(["open", "--print", link])
        #expect(result.code == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func deepLinksResolveWithoutTouchingTheNetwork() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let bookmark = try await marks.run(["open", "--print", "marks://bookmark?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1"])
        #expect(bookmark.stdout == "https://example.com/a?b=1\n")
        let podcast = try await marks.run(["open", "--print", "--web", "http://127.0.0.1:9000/", "marks://podcast?url=https://example.com/p?x=1%26y=2"])
        // The episode's player page in the web app: its key is the stable hash of the item URL.
        #expect(podcast.stdout == "http://127.0.0.1:9000/podcasts/\(PodcastEntry.key(for: "https://example.com/p?x=1&y=2"))\n")
    }
}
