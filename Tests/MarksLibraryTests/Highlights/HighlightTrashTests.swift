import Foundation
import MarksCore
import MarksJobs
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Synchronization
import Testing
@testable import MarksBookmarks

/// A bookmark's highlights through the library's trash, over a linkding server (its own trash in the library, a
/// `linkding.delete` sent when the undo window closes): a restore after the delete went out creates the bookmark
/// again under a new id, and its highlights follow it; Delete forever drops them.
@Suite struct HighlightTrashTests {
    @Test func highlightsFollowARestoreUnderANewIdAndGoWithAPurge() async throws {
        let f = try LibraryFixture(.linkding)
        let original = try f.add("https://example.com/herons", title: "Herons", notes: "", tags: [], unread: true)
        let highlights = try HighlightStore(database: f.cacheDatabase, now: f.clock.now)
        let runner = JobRunner(store: try JobStore(database: f.cacheDatabase),
                               clock: JobClock(now: f.clock.now, sleep: { _ in throw CancellationError() }), log: { _ in })
        let warnings = Warnings()
        let library = LibraryService(source: f.server.client, widgets: nil, now: f.clock.now, warn: { _ in },
                                     observers: [highlights.observer(warn: { warnings.add($0) })], cache: f.cache,
                                     deferredDeletes: .through(runner, window: 5))
        for kind in library.trashJobKinds() { await runner.register(kind) }
        _ = try await library.sync()
        let source = library.source.identity
        _ = try highlights.add(HighlightDraft(quote: "Grey herons", note: "kept"), source: source, bookmarkID: original.id, url: original.url)

        try await library.delete(id: original.id)
        f.clock.advance(6)
        await runner.runUntilIdle()  // the delete reaches linkding
        let restored = try await library.restore(id: original.id)
        #expect(restored.id != original.id)
        #expect(try highlights.highlights(source: source, bookmarkID: original.id).isEmpty)
        #expect(try highlights.highlights(source: source, bookmarkID: restored.id).map(\.note) == ["kept"], "moved to the new id")

        try await library.delete(id: restored.id)
        try await library.purgeTrashed(id: restored.id)
        #expect(try highlights.highlights(source: source).isEmpty, "deleted for good, with its highlights")
        #expect(warnings.lines.isEmpty, "\(warnings.lines)")
    }

    final class Warnings: Sendable {
        private let state = Mutex<[String]>([])
        func add(_ line: String) { state.withLock { $0.append(line) } }
        var lines: [String] { state.withLock { $0 } }
    }
}
