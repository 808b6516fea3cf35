import Foundation
import MarksCore
import MarksIndex
import MarksJobs
import MarksBookmarks
import MarksStorage
import SQLiteDatabase
import Synchronization
import Testing

/// A batch larger than the catch-up's threshold is not written inside the library call: the index is marked behind,
/// the catch-up is asked for, and a full walk brings everything in and clears the mark.
@Suite struct IndexCatchUpTests {
    struct Setup {
        let base: LibraryObserverTests.Setup
        let library: LibraryService
        let scheduled: Counter

        init(threshold: Int) throws {
            base = try LibraryObserverTests.Setup()
            let scheduled = Counter()
            self.scheduled = scheduled
            let observer = base.index.observer(catchUp: IndexCatchUp(threshold: threshold) { scheduled.add() }) { _ in }
            library = LibraryService(source: base.source, widgets: nil, now: { Date(timeIntervalSince1970: 0) }, warn: { _ in },
                                     observers: [observer])
        }

        func importFile(_ count: Int, word: String) async throws -> ImportReport {
            var lines = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>", "<DL><p>"]
            for number in 0..<count {
                lines.append(#"<DT><A HREF="https://\#(word).example/\#(number)" ADD_DATE="\#(1_600_000_000 + number)">\#(word) page \#(number)</A>"#)
            }
            return try await library.importNetscape(lines.joined(separator: "\n") + "\n</DL><p>\n")
        }
    }

    @Test func aLargeImportLeavesTheIndexBehindAndTheCatchUpBringsItIn() async throws {
        let setup = try Setup(threshold: 5)
        let report = try await setup.importFile(8, word: "heron")
        #expect(report.created == 8)
        #expect(try setup.base.index.isBehind)
        #expect(setup.scheduled.value == 1)
        #expect(try setup.base.ids("heron").isEmpty)

        let plain = LibraryService(source: setup.base.source, widgets: nil, now: { Date(timeIntervalSince1970: 0) }, warn: { _ in })
        let result = try await setup.base.index.sync(from: plain)
        #expect(result.live == 8)
        #expect(try setup.base.ids("heron").count == 8)
        #expect(try !setup.base.index.isBehind)
    }

    @Test func aCatchUpThatAddedManyDocumentsPacksTheIndexesItsRowsSplit() async throws {
        // The same 3,000 bookmarks caught up twice, packed and not: the pages of the hash and scope indexes.
        func indexPages(packAfter: Int) async throws -> Int {
            let setup = try Setup(threshold: 5)
            _ = try await setup.importFile(3_000, word: "godwit")
            let plain = LibraryService(source: setup.base.source, widgets: nil, now: { Date(timeIntervalSince1970: 0) }, warn: { _ in })
            _ = try await setup.base.index.sync(from: plain, packAfter: packAfter)
            #expect(try setup.base.index.documentCount() == 3_000)
            #expect(try setup.base.ids("godwit").count == 50, "still found (a page of 50)")
            return try setup.base.index.database.read { connection in
                try connection.queryOne(
                    "SELECT count(*) FROM dbstat WHERE name IN ('index_documents_hash', 'index_documents_scope')")?.int(at: 0) ?? 0
            }
        }
        let split = try await indexPages(packAfter: .max)
        let packed = try await indexPages(packAfter: 3_000)
        #expect(packed < split * 9 / 10, "packed \(packed) pages, split \(split)")
    }

    @Test func aSmallImportIsWrittenAtOnce() async throws {
        let setup = try Setup(threshold: 5)
        _ = try await setup.importFile(5, word: "plover")
        #expect(try !setup.base.index.isBehind)
        #expect(setup.scheduled.value == 0)
        #expect(try setup.base.ids("plover").count == 5)
    }

    @Test func aMarkSetDuringACatchUpOutlivesIt() throws {
        let index = try LibraryObserverTests.Setup().index
        try index.markBehind()
        let started = try index.behindMark()
        try index.markBehind()  // another large import while the walk ran
        try index.clearBehind(ifStill: started)
        #expect(try index.isBehind)
        try index.clearBehind(ifStill: try index.behindMark())
        #expect(try !index.isBehind)
    }

    @Test func theJobCatchesUpOnlyWhenBehind() async throws {
        let setup = try Setup(threshold: 5)
        let library = setup.library
        await setup.base.jobs.register(IndexCatchUp.jobKind(index: setup.base.index, indexer: nil) { library })
        _ = try await setup.importFile(9, word: "avocet")
        try await setup.base.jobs.enqueue(IndexCatchUp.job)
        await setup.base.jobs.runUntilIdle()
        #expect(try setup.base.ids("avocet").count == 9)
        #expect(try !setup.base.index.isBehind)
    }

    @Test func passagesKeepTheirFullTextInStepThroughReplacesAndRemovals() async throws {
        let setup = try Setup(threshold: 1_000)
        let saved = try await setup.base.seed("Kingfisher notes")
        _ = try await setup.library.load(LibraryFilter())
        var update = BookmarkUpdate()
        update.description = "Dives for fish along the river bank"
        _ = try await setup.library.update(id: saved.id, update)
        try await setup.library.delete(id: (try await setup.base.seed("Gone grebe")).id)
        _ = try await setup.library.load(LibraryFilter())
        // FTS5 compares its index with the passages table (external content, rank 1) and fails on any difference.
        try setup.base.index.database.write {
            try $0.execute("INSERT INTO index_passages_fts (index_passages_fts, rank) VALUES ('integrity-check', 1)")
        }
        #expect(try setup.base.index.passages(documentIDs: [saved.id]).contains { $0.text.contains("river bank") })
    }
}

/// How many times the catch-up was asked for.
final class Counter: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
