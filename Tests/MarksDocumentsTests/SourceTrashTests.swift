import Foundation
import MarksJobs
@testable import MarksBookmarks
@testable import MarksDocuments
import MarksTestSupport
import StandInNetwork
import Testing

/// The sources' trash (purged after the bookmarks' retention by the `sources.purge` job), the clean-up of a crash's
/// leftovers when the library opens, and a PDF's own title.
@Suite struct SourceTrashTests {
    @Test func thePurgeJobRemovesRowFileAndIndexEntryAfterTheRetentionOnly() async throws {
        let clock = ManualClock()
        let fixture = try SourceFixture(now: clock.now)
        defer { fixture.directory.cleanUp() }
        let old = try await fixture.library.importFile(at: try fixture.file("old.txt", Array("the marmot hibernates".utf8)))
        let recent = try await fixture.library.importFile(at: try fixture.file("recent.txt", Array("the ibex climbs".utf8)))
        let kept = try await fixture.library.addText("the lynx stays live")
        _ = try await fixture.library.delete(id: old.summary.id)
        clock.advance(20 * 86_400)
        _ = try await fixture.library.delete(id: recent.summary.id)
        clock.advance(11 * 86_400) // old: 31 days in the trash; recent: 11 days.

        let runner = JobRunner(store: try JobStore(database: fixture.database), log: { fixture.warnings.add($0) })
        await runner.register(fixture.library.purgeJobKind(retention: LibraryService.trashRetention))
        let job = try await runner.enqueue(DocumentLibrary.purgeJob)
        let finished = try await runner.run(id: job.id)
        #expect(finished?.state == .done, "\(String(describing: finished?.lastError))")
        #expect(finished?.progress?.text == "purged 1 trashed source")

        #expect(try fixture.library.trash().map(\.id) == [recent.summary.id])
        #expect(throws: DocumentError.self) { try fixture.library.resolve(old.summary.id.uuidString, includeDeleted: true) }
        #expect(fixture.storedFiles() == ["files/\(recent.summary.id.uuidString.lowercased())/original"])
        #expect(try fixture.index.document(id: -old.summary.number) == nil)
        #expect(try fixture.library.list().map(\.id) == [kept.summary.id])
        // The kind queues its next run itself.
        #expect(try runner.store.jobs(states: [.queued], kind: DocumentLibrary.purgeKind).count == 1)
    }

    @Test func emptyTrashPurgesEveryTrashedSourceAndNoLiveOne() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let a = try await fixture.library.importFile(at: try fixture.file("a.txt", Array("alpha".utf8)))
        let b = try await fixture.library.importFile(at: try fixture.file("b.txt", Array("beta".utf8)))
        let live = try await fixture.library.importFile(at: try fixture.file("c.txt", Array("gamma".utf8)))
        _ = try await fixture.library.delete(id: a.summary.id)
        _ = try await fixture.library.delete(id: b.summary.id)
        #expect(try await fixture.library.emptyTrash() == 2)
        #expect(try fixture.library.trash().isEmpty)
        #expect(try fixture.rowCount() == 1)
        #expect(fixture.storedFiles() == ["files/\(live.summary.id.uuidString.lowercased())/original"])
    }

    @Test func openingRemovesACrashsStagingFilesAndOrphanDirectoriesButNotFreshOnesOrRealOriginals() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let kept = try await fixture.library.importFile(at: try fixture.file("kept.txt", Array("a real original".utf8)))
        let root = fixture.sourcesDirectory
        let incoming = root.appendingPathComponent("incoming")
        let manager = FileManager.default
        try manager.createDirectory(at: incoming, withIntermediateDirectories: true)
        // A crash's leftovers: a half-streamed upload, an OCR work directory, a half-copied original without a row.
        let staged = incoming.appendingPathComponent(UUID().uuidString.lowercased())
        try Data(repeating: 7, count: 4096).write(to: staged)
        let work = incoming.appendingPathComponent(UUID().uuidString.lowercased())
        try manager.createDirectory(at: work, withIntermediateDirectories: true)
        try Data("png".utf8).write(to: work.appendingPathComponent("page.png"))
        let orphan = root.appendingPathComponent("files").appendingPathComponent(UUID().uuidString.lowercased())
        try manager.createDirectory(at: orphan, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: orphan.appendingPathComponent("original"))
        // Another process's import in progress: written a minute ago.
        let fresh = incoming.appendingPathComponent(UUID().uuidString.lowercased())
        try Data("streaming".utf8).write(to: fresh)

        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let twoHoursAgo = now.addingTimeInterval(-7200)
        for url in [staged, work.appendingPathComponent("page.png"), work, orphan.appendingPathComponent("original"), orphan,
                    root.appendingPathComponent("files").appendingPathComponent(kept.summary.id.uuidString.lowercased()).appendingPathComponent("original")] {
            try manager.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: url.path)
        }
        try manager.setAttributes([.modificationDate: now.addingTimeInterval(-60)], ofItemAtPath: fresh.path)

        let reopened = try fixture.reopened(now: { now })
        #expect(Set(reopened.leftoversRemoved) == Set([staged.path, work.path, orphan.path]))
        #expect(reopened.leftoverProblems.isEmpty)
        #expect(!manager.fileExists(atPath: staged.path))
        #expect(!manager.fileExists(atPath: work.path))
        #expect(!manager.fileExists(atPath: orphan.path))
        #expect(manager.fileExists(atPath: fresh.path))
        #expect(try reopened.originalFile(id: kept.summary.id).map { try Data(contentsOf: $0) } == Data("a real original".utf8))

        // An hour later the stalled one is a leftover too.
        let later = try fixture.reopened(now: { now.addingTimeInterval(3600) })
        #expect(later.leftoversRemoved == [fresh.path])
        #expect(fixture.storedFiles() == ["files/\(kept.summary.id.uuidString.lowercased())/original"])
    }

    @Test func anOCRWorkDirectoryWhosePageWasJustRewrittenIsNotALeftover() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let work = fixture.sourcesDirectory.appendingPathComponent("incoming").appendingPathComponent(UUID().uuidString.lowercased())
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let page = work.appendingPathComponent("page.png")
        try Data("png".utf8).write(to: page)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-7200)], ofItemAtPath: work.path)
        try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-5)], ofItemAtPath: page.path)
        let reopened = try fixture.reopened(now: { now })
        #expect(reopened.leftoversRemoved.isEmpty)
        #expect(FileManager.default.fileExists(atPath: page.path))
    }

    @Test func aPDFsOwnTitleIsUsedWhenTheUserGaveNone() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        guard fixture.library.extractor.tools.pdfinfo != nil else {
            Issue.record("pdfinfo (poppler-utils) is not installed: cannot test PDF titles"); return
        }
        let titled = TestPDF.make([.text(["Body text about glaciers"])], title: "Glaciers of the Ålps — a survey")
        let added = try await fixture.library.importFile(at: try fixture.file("scan0001.pdf", titled))
        #expect(added.summary.title == "Glaciers of the Ålps — a survey")
        let given = TestPDF.make([.text(["Body text about moraines"])], title: "Moraines")
        #expect(try await fixture.library.importFile(at: try fixture.file("m.pdf", given), title: "My moraine notes").summary.title == "My moraine notes")
    }

    @Test(arguments: ["", "   ", "untitled", "Microsoft Word - report.docx", "scan0001.pdf", "\u{01}\u{02}", "1234"])
    func aPDFTitleThatIsNoTitleFallsBackToTheFilename(_ title: String) async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let pdf = TestPDF.make([.text(["Body text \(title.utf8.count)"])], title: title)
        #expect(try await fixture.library.importFile(at: try fixture.file("Field notes.pdf", pdf)).summary.title == "Field notes.pdf")
    }

    @Test func aWordTitleKeepsItsNameWithoutTheApplicationsPrefix() {
        #expect(DocumentExtractor.usableTitle("Microsoft Word - Annual Review") == "Annual Review")
        #expect(DocumentExtractor.usableTitle("  A  title\u{202E} with\nbreaks ") == "A title with breaks")
    }
}
