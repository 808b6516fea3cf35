import Foundation
import MarksCore
import MarksJobs
import MarksStorage
import MarksTestSupport
import SQLiteDatabase
import Testing
@testable import MarksBookmarks
@testable import MarksDocuments

/// Delete that never resurrects and never loses, through the library: the embedded store's trash, and for a linkding
/// server the library's own trash with a `linkding.delete` job sent when the undo window closes.
@Suite struct LibraryTrashTests {
    /// A library like `marks serve`'s over the fixture's source and cache, with deletes deferred through a runner on
    /// the fixture's clock (never started: the tests run it with `runUntilIdle()` after moving the clock).
    struct Deferred {
        let library: LibraryService
        let runner: JobRunner
        let recorder = ObserverRecorder()

        init(_ f: LibraryFixture, window: TimeInterval = 30) async throws {
            runner = JobRunner(store: try JobStore(database: f.cacheDatabase),
                               clock: JobClock(now: f.clock.now, sleep: { _ in throw CancellationError() }), log: { _ in })
            let source: any BookmarkSource = f.kind == .embedded ? f.server.source : f.server.client
            library = LibraryService(source: source, widgets: nil, now: f.clock.now, warn: { _ in }, observers: [recorder.observer],
                                     cache: f.cache, deferredDeletes: .through(runner, window: window))
            for kind in library.trashJobKinds() { await runner.register(kind) }
        }

        func liveIDs() async throws -> [Int] {
            try await library.load(LibraryFilter()).bookmarks.map(\.id)
        }
    }

    static func deletes(_ f: LibraryFixture) -> [String] {
        f.server.log.filter { $0.hasPrefix("DELETE ") }
    }

    @Test(arguments: SourceKind.allCases)
    func aDeleteIsGoneAtOnceFromListsTheBookmarkAndTheNextSync(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind)
        let made = try f.addMany(3, tags: ["t"])
        let d = try await Deferred(f)
        _ = try await d.library.sync()
        try await d.library.delete(id: made[1].id)

        #expect(try await d.liveIDs() == [made[2].id, made[0].id])
        await #expect(throws: BookmarkSourceError.notFound) { try await d.library.bookmark(id: made[1].id) }
        #expect(d.recorder.allDeleted == [made[1].id])
        _ = try await d.library.sync(full: true)
        #expect(try f.cachedIDs() == [made[0].id, made[2].id], "a sync does not bring it back")
        #expect(try await d.library.tagCounts().first?.count == 2)
        #expect(try await d.library.trash().map(\.bookmark.id) == [made[1].id])
    }

    @Test(arguments: SourceKind.allCases)
    func undoBringsItBackExactly(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind)
        let original = try f.add("https://example.com/keep", title: "Keep me", notes: "notes", tags: ["a", "b"], unread: true)
        try f.add("https://example.com/other")
        let d = try await Deferred(f)
        _ = try await d.library.sync()
        try await d.library.setAIMetadata(id: original.id, summary: "A summary.", tags: ["ai"], engine: "offline")
        try await d.library.delete(id: original.id)
        f.clock.advance(10)

        let restored = try await d.library.restore(id: original.id)
        #expect(restored.id == original.id)
        #expect(restored.keepingAIMetadata(of: original) == original, "tags, notes, dates and flags as they were")
        #expect(restored.aiSummary == "A summary.")
        #expect(try await d.library.bookmark(id: original.id).keepingAIMetadata(of: original) == original)
        #expect(try await d.liveIDs().contains(original.id))
        #expect(try await d.library.trash().isEmpty)
        #expect(d.recorder.allSaved.contains(original.id))
        f.clock.advance(60)
        await d.runner.runUntilIdle()
        #expect(Self.deletes(f).isEmpty, "an undo in the window sends nothing")
        #expect(try d.runner.store.jobs(kind: LibraryService.deleteKind).isEmpty, "the job was cancelled")
    }

    @Test func aLinkdingDeleteIsSentOnlyWhenTheWindowCloses() async throws {
        let f = try LibraryFixture(.linkding)
        let made = try f.addMany(2)
        let d = try await Deferred(f, window: 30)
        _ = try await d.library.sync()
        f.server.clearLog()
        try await d.library.delete(id: made[0].id)
        #expect(Self.deletes(f).isEmpty)
        f.clock.advance(29)
        await d.runner.runUntilIdle()
        #expect(Self.deletes(f).isEmpty, "nothing before the window closes")
        #expect(try f.serverBookmarks()[made[0].id] != nil)
        f.clock.advance(2)
        await d.runner.runUntilIdle()
        #expect(Self.deletes(f) == ["DELETE /ld/api/bookmarks/\(made[0].id)/"])
        #expect(try f.serverBookmarks()[made[0].id] == nil)
        #expect(try await d.library.trash().first?.restore == .recreate)
        #expect(try await d.liveIDs() == [made[1].id])
    }

    @Test func aRestoreAfterTheDeleteWentOutCreatesItAgainWithTheSameFields() async throws {
        let f = try LibraryFixture(.linkding)
        let original = try f.add("https://example.com/back", title: "Back", notes: "n", tags: ["x"], unread: true)
        let d = try await Deferred(f, window: 5)
        _ = try await d.library.sync()
        try await d.library.delete(id: original.id)
        f.clock.advance(6)
        await d.runner.runUntilIdle()
        let restored = try await d.library.restore(id: original.id)
        #expect(restored.id != original.id, "linkding gives it a new id")
        var expected = original
        expected.id = restored.id
        expected.webArchiveSnapshotURL = restored.webArchiveSnapshotURL
        expected.dateModified = restored.dateModified
        #expect(restored == expected)
        #expect(try f.serverBookmarks()[restored.id]?.tagNames == ["x"])
        #expect(try await d.library.trash().isEmpty)
        #expect(try await d.liveIDs() == [restored.id])
    }

    @Test func anOfflineDeleteIsKeptRetriedAndSentWhenTheServerIsBack() async throws {
        let f = try LibraryFixture(.linkding)
        let made = try f.addMany(2)
        let d = try await Deferred(f, window: 1)
        _ = try await d.library.sync()
        f.server.failAfter(0)
        try await d.library.delete(id: made[0].id)
        #expect(try await d.library.trash().map(\.bookmark.id) == [made[0].id])
        f.clock.advance(2)
        await d.runner.runUntilIdle()
        let waiting = try #require(try d.runner.store.jobs(kind: LibraryService.deleteKind).first)
        #expect(waiting.state == .queued)
        #expect(waiting.attempts == 1)
        #expect(waiting.lastError?.isEmpty == false)

        f.server.failAfter(nil)
        _ = try await d.library.sync(full: true)
        #expect(try f.cachedIDs() == [made[1].id], "the server still has it, and the sync does not bring it back")
        #expect(Self.deletes(f).isEmpty)
        f.clock.advance(3600)
        await d.runner.runUntilIdle()
        #expect(Self.deletes(f) == ["DELETE /ld/api/bookmarks/\(made[0].id)/"])
        #expect(try f.serverBookmarks()[made[0].id] == nil)
    }

    @Test(arguments: SourceKind.allCases)
    func thePurgeJobDropsWhatWasDeletedMoreThanThirtyDaysAgo(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind)
        let made = try f.addMany(2)
        let d = try await Deferred(f, window: 1)
        _ = try await d.library.sync()
        try await d.library.delete(id: made[0].id)
        f.clock.advance(2)
        await d.runner.runUntilIdle()
        f.clock.advance(29 * 86_400)
        let first = try await d.runner.enqueue(LibraryService.purgeJob)
        #expect(try await d.runner.run(id: first.id)?.state == .done)
        #expect(try await d.library.trash().map(\.bookmark.id) == [made[0].id], "29 days: still in the trash")
        f.clock.advance(2 * 86_400)
        let next = try #require(try d.runner.store.jobs(states: [.queued], kind: LibraryService.purgeKind).first)
        #expect(try await d.runner.run(id: next.id)?.progress?.text == "purged 1 trashed bookmark")
        #expect(try await d.library.trash().isEmpty)
        await #expect(throws: BookmarkSourceError.notFound) { try await d.library.restore(id: made[0].id) }
    }

    @Test(arguments: SourceKind.allCases)
    func deleteForeverAndEmptyTrashAreFinal(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind)
        let made = try f.addMany(3)
        let d = try await Deferred(f)
        _ = try await d.library.sync()
        for bookmark in made { try await d.library.delete(id: bookmark.id) }
        try await d.library.purgeTrashed(id: made[0].id)
        #expect(try await d.library.trash().map(\.bookmark.id) == [made[2].id, made[1].id])
        #expect(try await d.library.emptyTrash(deletedBefore: nil) == [made[1].id, made[2].id])
        #expect(try await d.library.trash().isEmpty)
        #expect(try f.serverBookmarks().isEmpty, "waiting linkding deletes were sent first")
        _ = try await d.library.sync(full: true)
        #expect(try await d.liveIDs().isEmpty)
    }
}
