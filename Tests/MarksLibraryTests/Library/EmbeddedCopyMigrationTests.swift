import MarksTestSupport
import Foundation
import MarksCore
import MarksStorage
import SQLiteDatabase
import Testing
@testable import MarksBookmarks

/// Issue 36: over the embedded store the library keeps no copy of the bookmarks. A data directory written the way
/// Marks did before (the library's cache copying every bookmark into `library_bookmarks`) opens with every bookmark,
/// tag, AI summary, AI tag and trash entry, and without the copy.
@Suite struct EmbeddedCopyMigrationTests {
    /// What the old data directory held, read through the library before the upgrade.
    struct Seen: Equatable {
        var live: [Bookmark]
        var archived: [Bookmark]
        var tags: [TagCount]
        var trash: [Int]
    }

    @Test func aDataDirectoryWithTheOldCopyOpensWithEverythingAndWithoutTheCopy() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let clock = ManualClock()
        let paths = MarksPaths(environment: [:], dataDirectory: dir.url.path, currentDirectory: "/")
        let before: Seen
        let enriched: [Int: (String, [String])]
        do {
            // Today's main: the cache over the embedded store is a copy-keeping one (no store given), so the import
            // writes every bookmark into `library_bookmarks` on its usual path, and so do archive and AI metadata.
            let local = try LocalData(paths: paths, now: clock.now)
            let source = Self.source(local)
            let copying = try BookmarkCache(database: local.database, sourceKey: source.identity)
            #expect(copying.holdsCopy)
            let library = LibraryService(source: source, widgets: nil, now: clock.now, warn: { _ in }, cache: copying)
            let report = try await library.importNetscape(Self.file(count: 40))
            #expect(report.created == 40)
            _ = try await library.sync(full: true)
            let live = try await library.load(LibraryFilter(limit: 100)).bookmarks
            for bookmark in live.prefix(5) { try await library.archive(id: bookmark.id) }
            var metadata: [Int: (String, [String])] = [:]
            for (n, bookmark) in live.dropFirst(5).prefix(6).enumerated() {
                let tags = ["topic\(n)", "shared-ai"]
                _ = try await library.setAIMetadata(id: bookmark.id, summary: "Summary \(n)", tags: tags, engine: "test")
                metadata[bookmark.id] = ("Summary \(n)", tags)
            }
            let dismissedOn = live[5].id
            _ = try await library.dismissAITag(id: dismissedOn, tag: "shared-ai")
            metadata[dismissedOn]?.1 = ["topic0"]
            for bookmark in live.suffix(3) { try await library.delete(id: bookmark.id) }
            enriched = metadata
            before = try await Self.seen(library)
            #expect(try Self.copyRows(local.database) == 37, "the old path copied every bookmark but the trashed")
            #expect(before.trash.count == 3)
            #expect(before.archived.count == 5)
            // The file as today's main leaves it: the library's migrations end at 3 (this build applied 4 on an
            // empty table when the cache above opened, before any row was written).
            try local.database.write { db in try db.run("DELETE FROM schema_migrations WHERE namespace = 'library' AND id = 4") }
        }

        // The new code: the cache over the embedded store is given the store, as the composition root does.
        let local = try LocalData(paths: paths, now: clock.now)
        let source = Self.source(local)
        let cache = try BookmarkCache(database: local.database, for: source, store: local.store)
        #expect(!cache.holdsCopy)
        let library = LibraryService(source: source, widgets: nil, now: clock.now, warn: { _ in }, cache: cache)
        #expect(try Self.copyRows(local.database) == 0)
        let after = try await Self.seen(library)
        #expect(after == before)
        for (id, (summary, tags)) in enriched {
            let bookmark = try await library.bookmark(id: id)
            #expect(bookmark.aiSummary == summary)
            #expect(bookmark.aiTags == tags)
        }
        #expect(try cache.dismissedAITags(id: before.live.first { enriched[$0.id]?.0 == "Summary 0" }?.id ?? -1) == ["shared-ai"])
        #expect(try cache.bookmarksAwaitingAIMetadata(limit: nil).enriched == enriched.count)
        // Everything the library does still writes nothing into the copy.
        _ = try await library.sync(full: true)
        _ = try await library.add(AddBookmarkRequest(url: "https://example.com/new", title: "New"))
        _ = try await library.restore(id: before.trash[0])
        #expect(try Self.copyRows(local.database) == 0)
        let integrity = try local.database.read { db in try db.queryOne("PRAGMA integrity_check")?.string(at: 0) }
        #expect(integrity == "ok")
    }

    @Test func theMigrationLeavesALinkdingServersCopyAlone() async throws {
        let dir = try TemporaryDirectory()
        defer { dir.cleanUp() }
        let database = try Database(path: dir.url.appendingPathComponent("marks.sqlite").path)
        let cache = try BookmarkCache(database: database, sourceKey: "https://links.example.com")
        let bookmark = Bookmark(id: 7, url: "https://example.com/a", title: "A", tagNames: ["t"], dateAdded: Date(timeIntervalSince1970: 1),
                                dateModified: Date(timeIntervalSince1970: 2))
        try cache.upsert([bookmark])
        try database.write { db in try db.run("DELETE FROM schema_migrations WHERE namespace = 'library' AND id = 4") }
        let reopened = try BookmarkCache(database: database, sourceKey: "https://links.example.com")
        #expect(try reopened.bookmarks(archived: nil, withAIMetadata: false) == [bookmark])
    }

    /// A Netscape file of `count` bookmarks, each with two tags (one shared by a third of them), a description and notes.
    static func file(count: Int) -> String {
        var lines = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>", "<DL><p>"]
        for i in 0..<count {
            lines.append(#"<DT><A HREF="https://example.com/page\#(i)" ADD_DATE="\#(1_600_000_000 + i * 60)" TAGS="tag\#(i),group\#(i % 3)">Page \#(i)</A>"#)
            lines.append("<DD>About page \(i)[linkding-notes]Notes \(i)[/linkding-notes]")
        }
        lines.append("</DL><p>")
        return lines.joined(separator: "\n")
    }

    static func source(_ local: LocalData) -> EmbeddedBookmarkSource {
        EmbeddedBookmarkSource(store: local.store, baseURL: "http://127.0.0.1:8080") { url in BookmarkCheck.Metadata(url: url) }
    }

    static func seen(_ library: LibraryService) async throws -> Seen {
        Seen(live: try await library.load(LibraryFilter(limit: 1_000)).bookmarks,
             archived: try await library.load(LibraryFilter(archived: true, limit: 1_000)).bookmarks,
             tags: try await library.tagCounts(), trash: try await library.trash().map(\.bookmark.id))
    }

    static func copyRows(_ database: Database) throws -> Int {
        try database.read { db in try db.queryOne("SELECT count(*) FROM library_bookmarks")?.int(at: 0) ?? -1 }
    }
}
