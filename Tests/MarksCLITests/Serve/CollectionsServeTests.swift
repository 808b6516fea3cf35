import Foundation
import HTTPClient
import MarksCore
import MarksIndex
import MarksJobs
import MarksTestSupport
import Testing
@testable import MarksCLI
@testable import MarksBookmarks

/// Issue 37 item 10 through the real composition root (`SourceSwitchTests.Serving`: `marks serve`'s parts behind a
/// real server on port 0, real SQLite, the real embedding model): saved collections are made by the
/// `collections.refresh` job after the vectors are, at a short address that stays the same across a reload, a
/// refresh after the library changed (a save, a delete) and a restart; a new name and a removed bookmark stay too.
@Suite struct CollectionsServeTests {
    typealias Serving = SourceSwitchTests.Serving

    static let topics = [
        ("bread", ["Sourdough bread with a wild yeast starter", "Baking a rye loaf at home", "How to shape a baguette",
                   "Bread flour and hydration explained", "Proofing dough in a cold oven", "A beginner's guide to baking bread",
                   "Why my sourdough loaf is dense", "Whole wheat bread recipe", "Scoring bread dough before baking",
                   "Keeping a sourdough starter alive"]),
        ("astronomy", ["Observing Jupiter's moons with a small telescope", "Planets visible in the night sky this month",
                       "Choosing a first telescope for astronomy", "The rings of Saturn through binoculars",
                       "Finding the Andromeda galaxy", "Meteor showers of the year", "Photographing the Milky Way",
                       "Telescope eyepieces and magnification", "Mars at opposition", "Star charts for beginners"]),
        ("sql", ["PostgreSQL indexes and query plans", "Writing a recursive SQL query", "Database normalization explained",
                 "SQLite transactions and locking", "Tuning slow SQL joins", "PostgreSQL vacuum and bloat",
                 "Choosing primary keys in a relational database", "SQL window functions by example",
                 "Backing up a PostgreSQL database", "Foreign keys and constraints in SQL"]),
    ]

    static func file(_ entries: [(String, String)]) -> String {
        "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n" + entries.enumerated().map { index, entry in
            "<DT><A HREF=\"https://\(entry.0).example/\(index)\" ADD_DATE=\"\(1_700_000_000 + index)\">\(entry.1)</A>"
        }.joined(separator: "\n") + "\n</DL><p>\n"
    }

    /// Runs the queued vector job and then the refresh it queued.
    static func embedAndRefresh(_ serving: Serving) async throws {
        try await serving.run(VectorIndexer.jobKind, key: "vectors")
        let refresh = try serving.job(CollectionRefresh.kind, key: "library")
        #expect(refresh.runAfter > Date(), "the refresh waits for the changes around it")
        try await serving.run(CollectionRefresh.kind, key: "library")
    }

    /// The ids of `/collections/<id>` links on a page.
    static func links(_ page: String) -> [Int] {
        page.components(separatedBy: "href=\"/collections/").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
    }

    @Test(.enabled(if: EnrichmentCommandTests.modelInstalled, "the embedding model is not installed"), .timeLimit(.minutes(5)))
    func collectionsAreSavedRenamedTrimmedAndKeptAcrossARefreshAndARestart() async throws {
        let harness = try CLIHarness(environment: EnrichmentCommandTests.model)
        defer { harness.cleanUp() }
        let first = try await Serving.start(harness)
        let id: Int, removed: Int
        do {
            let empty = ServeClient.text(try await first.client.get("/collections"))
            #expect(empty.contains("Collections appear once \(CollectionRefresh.minimumBookmarks) bookmarks are indexed"))
            #expect(!empty.contains("Engine:"))
            let entries = Self.topics.flatMap { topic in topic.1.map { (topic.0, $0) } }
            _ = try await first.parts.sources.current.library.importNetscape(Self.file(entries))
            try await Self.embedAndRefresh(first)

            let tab = ServeClient.text(try await first.client.get("/collections"))
            let ids = Self.links(tab)
            #expect(ids.count >= 2, "\(tab)")
            #expect(ServeClient.text(try await first.client.get("/collections")) == tab, "a reload shows the same collections")
            id = try #require(ids.first)
            let page = ServeClient.text(try await first.client.get("/collections/\(id)"))
            let rows = WebListIDs.rows(page)
            #expect(rows.count >= 3)
            removed = try #require(rows.first)

            let renamed = try await first.client.post("/collections/\(id)/rename", [("name", "Weekend reading")])
            #expect(renamed.status == 303 || renamed.status == 302)
            let taken = try await first.client.post("/collections/\(id)/remove", [("bookmark", String(removed))])
            #expect(taken.status == 303 || taken.status == 302)
            let edited = ServeClient.text(try await first.client.get("/collections/\(id)"))
            #expect(edited.contains("<h1 id=\"collection-name\">Weekend reading</h1>"))
            #expect(!WebListIDs.rows(edited).contains(removed))

            // The library changes: one more bookmark on the same topic; the refresh keeps the collection's address.
            let title = try await first.parts.sources.current.library.bookmark(id: removed).title
            let topic = try #require(Self.topics.first { $0.1.contains(title) })
            _ = try await first.parts.sources.current.library.importNetscape(Self.file([(topic.0, "\(topic.1[0]) revisited")]))
            try await Self.embedAndRefresh(first)
            let after = ServeClient.text(try await first.client.get("/collections/\(id)"))
            #expect(after.contains("<h1 id=\"collection-name\">Weekend reading</h1>"), "the name survives a refresh")
            #expect(!WebListIDs.rows(after).contains(removed), "the removed bookmark stays out after a refresh")
            #expect(Self.links(ServeClient.text(try await first.client.get("/collections"))).contains(id))
            #expect(try await first.parts.collections.refresh() == .unchanged, "nothing changed since the last refresh")

            // A delete queues a refresh (no vectors to wait for); after it the bookmark is in no collection.
            let gone = try #require(WebListIDs.rows(after).first)
            try await first.parts.sources.current.library.delete(id: gone)
            try await first.run(CollectionRefresh.kind, key: "library")
            #expect(!(try first.parts.collections.store.all().flatMap(\.bookmarkIDs)).contains(gone))
            #expect(Self.links(ServeClient.text(try await first.client.get("/collections"))).contains(id))
        } catch {
            await first.stop()
            throw error
        }
        await first.stop()

        let second = try await Serving.start(harness)
        do {
            let page = try await second.client.get("/collections/\(id)")
            #expect(page.status == 200)
            let text = ServeClient.text(page)
            #expect(text.contains("<h1 id=\"collection-name\">Weekend reading</h1>"), "a restart keeps the collection at its address")
            #expect(!WebListIDs.rows(text).contains(removed))
        } catch {
            await second.stop()
            throw error
        }
        await second.stop()
    }
}

/// The bookmark ids of a list page's rows (`id="b<id>"`).
enum WebListIDs {
    static func rows(_ page: String) -> [Int] {
        page.components(separatedBy: "<li class=\"row").dropFirst().compactMap { piece in
            guard let range = piece.range(of: #"id="b(\d+)""#, options: .regularExpression) else { return nil }
            return Int(piece[range].dropFirst(5).dropLast())
        }
    }
}
