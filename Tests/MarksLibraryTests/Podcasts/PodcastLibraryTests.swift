import Foundation
import MarksCore
import MarksTestSupport
import SQLiteDatabase
import Testing
@testable import MarksBookmarks
@testable import MarksDocuments
@testable import MarksPodcasts

/// The client-side podcast library on real SQLite files: the index's rows through generation (queued → generating →
/// ready, failed and asked again), lookups by key, URL, bookmark, source and job, row states, lists, the play queue,
/// positions, played/unplayed closing the loop on the bookmark, delete with the file, the widget file, and a restart.
@Suite struct PodcastLibraryTests {
    /// A library in the fixture's data dir over the fixture's store (embedded) so played episodes reach bookmarks.
    final class Fixture: Sendable {
        let base: LibraryFixture
        let database: Database
        let podcasts: PodcastLibrary

        init(_ kind: SourceKind = .embedded) throws {
            base = try LibraryFixture(kind)
            database = try Database(path: base.dir.url.appendingPathComponent("client-podcasts.sqlite").path)
            podcasts = try Self.open(database, base)
        }

        static func open(_ database: Database, _ base: LibraryFixture) throws -> PodcastLibrary {
            PodcastLibrary(index: try PodcastEpisodes(database: database), directory: PodcastLibrary.directory(in: base.dir.url),
                           library: base.library, widgets: WidgetDataStore(directory: base.dir.url), now: base.clock.now)
        }

        var index: PodcastEpisodes { podcasts.index }

        /// An entry made ready with a file of `bytes` bytes.
        @discardableResult
        func ready(_ url: String, bookmarkID: Int? = nil, title: String = "T", bytes: Int = 10) throws -> PodcastEntry {
            let begun = try index.begin(url: url, bookmarkID: bookmarkID, sourceID: PodcastEntry.sourceID(in: url), title: title,
                                        site: "example.com", now: base.clock.now())
            try FileManager.default.createDirectory(at: podcasts.directory, withIntermediateDirectories: true)
            try Data(repeating: 0xFF, count: bytes).write(to: podcasts.audioFile(for: begun.entry))
            base.clock.advance(1)
            return try index.recordReady(key: begun.entry.key, byteCount: bytes, durationSeconds: 60,
                                         chapters: [.init(title: "Intro", start: 0), .init(title: "Two", start: 30)], voice: "espeak-ng",
                                         now: base.clock.now())
        }
    }

    @Test func theKeyIsAStableHashOfTheNormalisedURL() {
        let key = PodcastEntry.key(for: "https://Example.com/a/?b=2&a=1")
        #expect(key == PodcastEntry.key(for: "https://example.com/a?a=1&b=2"))
        #expect(key != PodcastEntry.key(for: "https://example.com/b"))
        #expect(PodcastEntry.isValidKey(key))
        #expect(!PodcastEntry.isValidKey("../../etc/passwd"))
        let uuid = UUID().uuidString
        #expect(PodcastEntry.sourceID(in: PodcastEntry.sourceURL(uuid)) == uuid.lowercased())
        #expect(PodcastEntry.sourceID(in: "https://example.com") == nil)
        #expect(PodcastEntry.sourceID(in: "marks-source://not-a-uuid") == nil)
    }

    @Test func generationMovesThroughTheStatesAndAFailureIsAskedAgain() throws {
        let fixture = try Fixture()
        let index = fixture.index
        let first = try index.begin(url: "https://example.com/a", bookmarkID: 7, sourceID: nil, title: "", site: "example.com",
                                    now: fixture.base.clock.now())
        #expect(first.started && first.entry.state == .queued && first.entry.fileName == "\(first.entry.key).mp3")
        #expect(try index.begin(url: "https://example.com/a/", bookmarkID: nil, sourceID: nil, title: "A", site: "x",
                                now: fixture.base.clock.now()).started == false, "the same item is one entry")
        let running = try index.recordProgress(key: first.entry.key, jobID: "job1", state: .generating, progress: 0.4, title: "Found",
                                               now: fixture.base.clock.now())
        #expect(running.state == .generating && running.progress == 0.4 && running.jobID == "job1")
        #expect(running.title == "A", "the title given at begin filled the empty one")
        #expect(running.bookmarkID == 7)
        #expect(running.rowState == .generating(progress: 0.4))
        #expect(try index.entry(jobID: "job1")?.key == first.entry.key)
        let failed = try index.recordFailure(key: first.entry.key, error: "The voice crashed.", now: fixture.base.clock.now())
        #expect(failed.state == .failed && failed.error == "The voice crashed." && failed.rowState == .failed("The voice crashed."))
        let again = try index.begin(url: "https://example.com/a", bookmarkID: nil, sourceID: nil, title: "", site: "",
                                    now: fixture.base.clock.now())
        #expect(again.started && again.entry.state == .queued && again.entry.error == nil && again.entry.progress == 0)
        let ready = try index.recordReady(key: first.entry.key, byteCount: 1234, durationSeconds: 61.5,
                                          chapters: [.init(title: "Intro", start: 0)], voice: "espeak-ng", now: fixture.base.clock.now())
        #expect(ready.state == .ready && ready.byteCount == 1234 && ready.durationSeconds == 61.5 && ready.readyAt != nil)
        #expect(ready.chapters == [.init(title: "Intro", start: 0)])
        #expect(try index.recordProgress(key: first.entry.key, jobID: nil, state: .generating, progress: 0.1,
                                         now: fixture.base.clock.now()).state == .ready, "a late poll never moves a ready episode back")
        #expect(try index.recordFailure(key: first.entry.key, error: "late", now: fixture.base.clock.now()).state == .ready)
        #expect(throws: PodcastIndexError.notFound(String(repeating: "0", count: 32))) {
            try index.recordFailure(key: String(repeating: "0", count: 32), error: "x", now: Date())
        }
        #expect(throws: PodcastIndexError.self) { try index.savePosition(key: first.entry.key, seconds: -1, now: Date()) }
    }

    @Test func lookupsAndRowStatesByBookmarkAndSource() throws {
        let fixture = try Fixture()
        let source = UUID().uuidString
        let article = try fixture.ready("https://example.com/a", bookmarkID: 1)
        let sourceEntry = try fixture.ready(PodcastEntry.sourceURL(source))
        _ = try fixture.index.begin(url: "https://example.com/b", bookmarkID: 2, sourceID: nil, title: "B", site: "example.com",
                                    now: fixture.base.clock.now())
        #expect(try fixture.podcasts.episode(bookmarkID: 1)?.key == article.key)
        #expect(try fixture.podcasts.episode(url: "https://EXAMPLE.com/a")?.key == article.key)
        #expect(try fixture.podcasts.episode(sourceID: source.uppercased())?.key == sourceEntry.key)
        #expect(sourceEntry.isSource && sourceEntry.sourceID == source.lowercased())
        #expect(try fixture.podcasts.episode(key: "nope") == nil)
        _ = try fixture.podcasts.markUnplayed(key: article.key)
        #expect(try fixture.podcasts.states(bookmarkIDs: [1, 2, 3]) == [1: .ready, 2: .queued])
        #expect(try fixture.podcasts.states(sourceIDs: [source]) == [source.lowercased(): .ready])
        #expect(try fixture.podcasts.states(bookmarkIDs: []) == [:])
        let many = try fixture.podcasts.states(bookmarkIDs: Array(1...1500))
        #expect(many.count == 2, "more ids than one statement takes")
    }

    @Test func listsAreNewestFirstAndSplitByPlayed() async throws {
        let fixture = try Fixture()
        let a = try fixture.ready("https://example.com/a")
        let b = try fixture.ready("https://example.com/b")
        let c = try fixture.ready("https://example.com/c")
        _ = try await fixture.podcasts.markPlayed(key: b.key)
        #expect(try fixture.podcasts.episodes().map(\.key) == [c.key, b.key, a.key])
        #expect(try fixture.podcasts.episodes(.unplayed).map(\.key) == [c.key, a.key])
        #expect(try fixture.podcasts.episodes(.played).map(\.key) == [b.key])
        #expect(try fixture.podcasts.episodes(.all, limit: 1).map(\.key) == [c.key])
        try fixture.podcasts.markUnplayed(key: b.key)
        #expect(try fixture.podcasts.episodes(.played).isEmpty)
    }

    @Test func theQueueAddsRemovesAndMoves() async throws {
        let fixture = try Fixture()
        let keys = try (0..<4).map { try fixture.ready("https://example.com/\($0)").key }
        for key in keys { try fixture.podcasts.addToQueue(key: key) }
        try fixture.podcasts.addToQueue(key: keys[0])
        #expect(try fixture.podcasts.queue().map(\.key) == keys, "adding twice keeps one place")
        #expect(try fixture.podcasts.moveInQueue(key: keys[3], to: 0).map(\.key) == [keys[3], keys[0], keys[1], keys[2]])
        #expect(try fixture.podcasts.moveInQueue(key: keys[3], to: 99).map(\.key) == keys)
        #expect(try fixture.podcasts.removeFromQueue(key: keys[1]).map(\.key) == [keys[0], keys[2], keys[3]])
        #expect(try fixture.podcasts.queue().map(\.queueOrder) == [0, 1, 2], "no gaps")
        _ = try await fixture.podcasts.markPlayed(key: keys[0])
        #expect(try fixture.podcasts.queue().map(\.key) == [keys[2], keys[3]], "a played episode leaves the queue")
        try fixture.podcasts.delete(key: keys[2])
        #expect(try fixture.podcasts.queue().map(\.key) == [keys[3]])
        #expect(try fixture.podcasts.queue().map(\.queueOrder) == [0])
        #expect(try fixture.podcasts.moveInQueue(key: keys[1], to: 0).map(\.key) == [keys[1], keys[3]], "moving adds")
    }

    @Test func positionsAreSavedAndClampedAndPlayedResetsThem() async throws {
        let fixture = try Fixture()
        let entry = try fixture.ready("https://example.com/a")
        #expect(try fixture.podcasts.savePosition(key: entry.key, seconds: 12.5).positionSeconds == 12.5)
        #expect(try fixture.podcasts.savePosition(key: entry.key, seconds: 500).positionSeconds == 60, "clamped to the duration")
        let played = try await fixture.podcasts.markPlayed(key: entry.key)
        #expect(played.entry.played && played.entry.playedAt != nil && played.entry.positionSeconds == 0)
    }

    @Test(arguments: SourceKind.allCases)
    func playingAnEpisodeMarksItsBookmarkReadAndOptionallyArchives(kind: SourceKind) async throws {
        let fixture = try Fixture(kind)
        let bookmark = try fixture.base.add("https://example.com/a", unread: true)
        let other = try fixture.base.add("https://example.com/b", unread: true)
        let entry = try fixture.ready(bookmark.url, bookmarkID: bookmark.id)
        #expect(try fixture.podcasts.listeningSettings() == PodcastListeningSettings(markReadWhenPlayed: true, archiveWhenPlayed: false))
        let outcome = try await fixture.podcasts.markPlayed(key: entry.key)
        #expect(outcome.markedRead && !outcome.archived && outcome.bookmarkProblem == nil)
        let server = try fixture.base.serverBookmarks()
        #expect(server[bookmark.id]?.unread == false && server[bookmark.id]?.isArchived == false)

        try fixture.podcasts.saveListeningSettings(PodcastListeningSettings(markReadWhenPlayed: true, archiveWhenPlayed: true))
        let second = try fixture.ready(other.url, bookmarkID: other.id)
        let archived = try await fixture.podcasts.markPlayed(key: second.key)
        #expect(archived.archived && archived.markedRead)
        #expect(try fixture.base.serverBookmarks()[other.id]?.isArchived == true)
        #expect(try fixture.base.serverBookmarks()[other.id]?.unread == false)
    }

    @Test func withTheSettingOffTheBookmarkIsLeftAloneAndAGoneBookmarkIsSaid() async throws {
        let fixture = try Fixture()
        let bookmark = try fixture.base.add("https://example.com/a", unread: true)
        try fixture.podcasts.saveListeningSettings(PodcastListeningSettings(markReadWhenPlayed: false))
        let entry = try fixture.ready(bookmark.url, bookmarkID: bookmark.id)
        let outcome = try await fixture.podcasts.markPlayed(key: entry.key)
        #expect(!outcome.markedRead && outcome.entry.played)
        #expect(try fixture.base.serverBookmarks()[bookmark.id]?.unread == true)

        try fixture.podcasts.saveListeningSettings(PodcastListeningSettings())
        let orphan = try fixture.ready("https://example.com/gone", bookmarkID: 9999)
        let gone = try await fixture.podcasts.markPlayed(key: orphan.key)
        #expect(gone.entry.played, "the episode is played even when its bookmark cannot be changed")
        #expect(gone.bookmarkProblem != nil)
    }

    @Test func deleteRemovesTheRowAndTheFile() throws {
        let fixture = try Fixture()
        let entry = try fixture.ready("https://example.com/a")
        let file = fixture.podcasts.audioFile(for: entry)
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect(try fixture.podcasts.delete(key: entry.key)?.key == entry.key)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try fixture.podcasts.episode(key: entry.key) == nil)
        #expect(try fixture.podcasts.delete(key: entry.key) == nil, "deleting twice is fine")
        let never = try fixture.index.begin(url: "https://example.com/b", bookmarkID: nil, sourceID: nil, title: "", site: "",
                                            now: Date()).entry
        #expect(try fixture.podcasts.delete(key: never.key)?.key == never.key, "an episode with no file yet")
    }

    @Test func theWidgetFileHoldsTheRecentReadyEpisodes() async throws {
        let fixture = try Fixture()
        let a = try fixture.ready("https://example.com/a", title: "First")
        let b = try fixture.ready("https://example.com/b", title: "Second")
        _ = try fixture.index.begin(url: "https://example.com/c", bookmarkID: nil, sourceID: nil, title: "Making", site: "",
                                    now: fixture.base.clock.now())
        _ = try await fixture.podcasts.markPlayed(key: a.key)
        let snapshot = try WidgetDataStore(directory: fixture.base.dir.url).loadPodcasts()
        #expect(snapshot.recent.map(\.title) == ["Second", "First"])
        #expect(snapshot.recent.map(\.played) == [false, true])
        #expect(snapshot.recent.first?.link == MarksDeepLink.podcastURL(url: b.url).absoluteString)
        try fixture.podcasts.delete(key: b.key)
        #expect(try WidgetDataStore(directory: fixture.base.dir.url).loadPodcasts().recent.map(\.title) == ["First"])
    }

    @Test func theLibrarySurvivesReopeningTheFile() async throws {
        let fixture = try Fixture()
        let entry = try fixture.ready("https://example.com/a")
        try fixture.podcasts.addToQueue(key: entry.key)
        try fixture.podcasts.savePosition(key: entry.key, seconds: 20)
        try fixture.podcasts.saveListeningSettings(PodcastListeningSettings(markReadWhenPlayed: false, archiveWhenPlayed: true))
        let reopened = try Fixture.open(try Database(path: fixture.base.dir.url.appendingPathComponent("client-podcasts.sqlite").path),
                                        fixture.base)
        let again = try #require(try reopened.episode(key: entry.key))
        #expect(again == (try fixture.podcasts.episode(key: entry.key)))
        #expect(again.positionSeconds == 20 && again.queueOrder == 0 && again.chapters.count == 2)
        #expect(try reopened.listeningSettings() == PodcastListeningSettings(markReadWhenPlayed: false, archiveWhenPlayed: true))
    }

    @Test func aDamagedChapterListLosesOnlyTheChapters() throws {
        let fixture = try Fixture()
        let entry = try fixture.ready("https://example.com/a")
        try fixture.database.write { _ = try $0.run("UPDATE podcast_library SET chapters = 'not json' WHERE key = ?", [.text(entry.key)]) }
        let read = try #require(try fixture.podcasts.episode(key: entry.key))
        #expect(read.chapters.isEmpty && read.state == .ready)
    }
}
