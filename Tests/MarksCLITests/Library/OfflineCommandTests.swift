import Foundation
import MarksCore
import Testing
@testable import MarksCLI

/// What a linkding user hits when the server is away, or changed behind the local copy's back.
@Suite struct OfflineCommandTests {
    /// The harness clock (1_800_000_000) in UTC.
    static let syncedAt = "2027-01-15 08:00 UTC"

    /// A linkding stand-in with two bookmarks, a harness pointed at it (times in UTC), and one sync done.
    func synced() async throws -> (EmbeddedLinkding, CLIHarness, Bookmark) {
        let server = try EmbeddedLinkding()
        let h = try CLIHarness(config: server.configJSON, environment: ["TZ": "UTC"])
        _ = try server.store.create(.init(url: "https://example.com/a", title: "Alpha swift", unread: true, tagNames: ["lang"]))
        let b = try server.store.create(.init(url: "https://example.com/b", title: "Beta", tagNames: ["docs"]))
        #expect(await h.run(["sync"]) == 0, "\(h.stderr)")
        h.reset()
        return (server, h, b)
    }

    func isJSON(_ text: String) -> Bool {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(text.utf8))
            return true
        } catch {
            return false
        }
    }

    @Test func readCommandsShowTheCopyAndSaySoWhenTheServerIsDown() async throws {
        let (server, h, b) = try await synced()
        defer { h.cleanUp() }
        server.goDown()
        let notice = "offline — showing the copy from \(Self.syncedAt)."
        for (arguments, expected) in [(["list"], "Beta"), (["search", "swift"], "Alpha swift"), (["unread"], "Alpha swift"),
                                      (["list", "--tag", "docs"], "Beta"), (["show", String(b.id)], "Beta"), (["tags"], "docs")] {
            h.reset()
            #expect(await h.run(arguments) == 0, "\(arguments): \(h.stderr)")
            #expect(h.stdout.contains(expected), "\(arguments)")
            #expect(h.stderr.hasPrefix(notice), "\(arguments): \(h.stderr)")
            #expect(h.stderr.contains("503"), "the reason is given")
        }
        h.reset()
        #expect(await h.run(["search", "swift"]) == 0)
        #expect(!h.stdout.contains("Beta"))
        await server.stop()
    }

    @Test func jsonStaysValidJSONWhileOffline() async throws {
        let (server, h, b) = try await synced()
        defer { h.cleanUp() }
        await server.stop()  // nothing listens any more: connection refused
        for arguments in [["list", "--json"], ["search", "beta", "--json"], ["unread", "--json"], ["show", String(b.id), "--json"], ["tags", "--json"]] {
            h.reset()
            #expect(await h.run(arguments) == 0, "\(arguments): \(h.stderr)")
            #expect(isJSON(h.stdout), "\(arguments): \(h.stdout)")
            #expect(h.stderr.hasPrefix("offline — showing the copy from \(Self.syncedAt)."), "\(arguments): \(h.stderr)")
        }
    }

    @Test func withNothingCachedTheCommandStillFails() async throws {
        let server = try EmbeddedLinkding()
        let h = try CLIHarness(config: server.configJSON)
        defer { h.cleanUp() }
        server.goDown()
        #expect(await h.run(["list"]) == 1)
        #expect(h.stderr.contains("503") && !h.stderr.contains("offline"))
        await server.stop()
    }

    @Test func tagsAreRefreshedFromTheServerBeforeTheyAreCounted() async throws {
        let (server, h, _) = try await synced()
        defer { h.cleanUp() }
        _ = try server.store.create(.init(url: "https://example.com/c", title: "Gamma", tagNames: ["fresh"]))
        #expect(await h.run(["tags"]) == 0)
        #expect(h.stdout.contains("fresh"), "a tag added on the server since the last sync: \(h.stdout)")
        #expect(h.stderr.isEmpty)
        await server.stop()
    }

    @Test func theWidgetIsRefreshedFromTheServerBeforeItIsShown() async throws {
        let (server, h, _) = try await synced()
        defer { h.cleanUp() }
        #expect(await h.run(["widget", "recent"]) == 0)
        #expect(h.stdout.hasPrefix("Beta"))
        _ = try server.store.create(.init(url: "https://example.com/new", title: "Newest", dateAdded: Date(timeIntervalSince1970: 1_900_000_000)))
        h.reset()
        #expect(await h.run(["widget", "recent"]) == 0)
        #expect(h.stdout.hasPrefix("Newest — example.com"), "\(h.stdout)")
        server.goDown()
        h.reset()
        #expect(await h.run(["widget", "recent"]) == 0)
        #expect(h.stdout.hasPrefix("Newest — example.com"))
        #expect(h.stderr.hasPrefix("offline — showing the copy from"))
        await server.stop()
    }

    @Test func unreadSuggestsOnlyFlagsThatExist() async throws {
        let server = try EmbeddedLinkding()
        let h = try CLIHarness(config: server.configJSON)
        defer { h.cleanUp() }
        for index in 1...12 { _ = try server.store.create(.init(url: "https://example.com/\(index)", title: "U\(index)", unread: true)) }
        #expect(await h.run(["unread"]) == 0)
        let hint = try #require(h.stdout.split(separator: "\n").last.map(String.init))
        #expect(hint == "(10 of 12; \(UnreadCommand.moreHint))")
        #expect(!hint.contains("--all or"))
        // Each flag the hint names is one `marks unread` (or `marks list`) accepts.
        h.reset()
        #expect(await h.run(["unread", "--limit", "100"]) == 0)
        h.reset()
        #expect(await h.run(["list", "--unread", "--all"]) == 0)
        #expect(h.stdout.split(separator: "\n").count == 12)
        await server.stop()
    }

    @Test func anAddressOverTheLimitSaysSo() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        let long = "https://example.com/" + String(repeating: "p", count: 2100)
        #expect(await h.run(["add", long]) == 1)
        #expect(h.stderr.contains("2,120 characters long; linkding keeps addresses of up to 2,048 characters"), "\(h.stderr)")
    }

    static var modelDirectory: String {
        let env = ProcessInfo.processInfo.environment
        return env["MARKS_MODEL_DIR"] ?? (env["XDG_CACHE_HOME"] ?? ((env["HOME"] ?? "/root") + "/.cache")) + "/marks/models/all-MiniLM-L6-v2"
    }

    static var modelInstalled: Bool { FileManager.default.fileExists(atPath: modelDirectory + "/model.safetensors") }

    @Test(.enabled(if: modelInstalled, "the embedding model is not installed: run scripts/fetch-model.sh"))
    func semanticSearchSeesWhatChangedOnTheServer() async throws {
        let server = try EmbeddedLinkding()
        let h = try CLIHarness(config: server.configJSON, environment: ["TZ": "UTC", "MARKS_MODEL_DIR": Self.modelDirectory])
        defer { h.cleanUp() }
        _ = try server.store.create(.init(url: "https://example.com/bread", title: "Baking sourdough bread at home"))
        #expect(await h.run(["search", "--semantic", "bread", "--json"]) == 0, "\(h.stderr)")
        #expect(h.stdout.contains("example.com/bread"))
        _ = try server.store.create(.init(url: "https://example.com/k8s", title: "Kubernetes cluster autoscaling"))
        h.reset()
        #expect(await h.run(["search", "--semantic", "kubernetes autoscaling", "--json"]) == 0, "\(h.stderr)")
        #expect(h.stdout.contains("example.com/k8s"), "a bookmark added on the server since the index was built: \(h.stdout)")
        server.goDown()
        h.reset()
        #expect(await h.run(["search", "--semantic", "kubernetes autoscaling", "--json"]) == 0, "\(h.stderr)")
        #expect(h.stdout.contains("example.com/k8s") && isJSON(h.stdout))
        #expect(h.stderr.contains("offline — showing the copy from"))
        await server.stop()
    }

    @Test func importIntoALinkdingTrimsWhatItRefusesAndKeepsBothDates() async throws {
        let server = try EmbeddedLinkding()
        let h = try CLIHarness(config: server.configJSON)
        defer { h.cleanUp() }
        let title = String(repeating: "T", count: 600)
        let tag = String(repeating: "g", count: 70)
        let file = h.home.appendingPathComponent("b.html")
        try Data("""
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <DL><p>
            <DT><A HREF="https://example.com/long" ADD_DATE="1600000100" LAST_MODIFIED="1650000100" TAGS="ok,\(tag)">\(title)</A>
            </DL><p>
            """.utf8).write(to: file)
        #expect(await h.run(["import", file.path]) == 0, "\(h.stderr)")
        #expect(h.stdout == "Imported 1 bookmarks from \(file.path): 1 new, 0 updated, 1 trimmed to fit linkding.\n")
        #expect(h.stderr.contains("\(file.path):3: Trimmed the title from 600 to 512 characters"))
        #expect(h.stderr.contains("\(file.path):3: Trimmed the tag “"))
        let saved = try #require(try server.store.bookmark(matching: "https://example.com/long"))
        #expect(saved.title.count == 512 && saved.tagNames == [String(repeating: "g", count: 64), "ok"])
        #expect(saved.dateAdded == Date(timeIntervalSince1970: 1_600_000_100))
        #expect(saved.dateModified == Date(timeIntervalSince1970: 1_650_000_100))
        await server.stop()
    }
}
