import Foundation
import Synchronization
import MarksCore
import MarksStorage
import Testing
@testable import MarksBookmarks
@testable import MarksDocuments

@Suite struct LibraryTransferTests {
    /// A library with every field the format carries, in awkward shapes.
    static func seedVariedLibrary(_ f: LibraryFixture) throws {
        _ = try f.store.create(BookmarkDraft(
            url: "https://example.com/a?x=1&y=<2>#frag", title: #"Tom & Jerry <b>"quoted"</b> 'single' — café 日本 🎉"#,
            description: "Line one\nLine two & <three>", notes: "# Notes\n\n- [linkding-notes] inside\n- <script>alert(1)</script> &amp;",
            unread: true, shared: true, tagNames: ["café", "c++", "#hash", "Mixed-Case"]))
        f.clock.advance(1)
        _ = try f.store.create(BookmarkDraft(url: "https://example.org/", title: "", notes: "Only notes"))
        f.clock.advance(1)
        _ = try f.store.create(BookmarkDraft(url: "http://old.example.net/path/", title: "Archived one", description: "Kept",
                                             isArchived: true, unread: true, tagNames: ["old"]))
        f.clock.advance(1)
        let fractional = try f.store.create(BookmarkDraft(url: "https://example.com/fraction", title: "Fractional date"))
        _ = try f.store.update(id: fractional.id, BookmarkUpdate(dateAdded: Date(timeIntervalSince1970: 1_700_000_000.75)))
    }

    /// Every field the Netscape format carries; dates to the second, the format's precision.
    struct Carried: Hashable {
        let url, title, description, notes: String
        let tags: Set<String>
        let added, modified: Double
        let unread, shared, archived: Bool

        init(_ b: Bookmark) {
            (url, title, description, notes) = (b.url, b.title, b.description, b.notes)
            tags = Set(b.tagNames)
            added = b.dateAdded.timeIntervalSince1970.rounded(.down)
            modified = b.dateModified.timeIntervalSince1970.rounded(.down)
            (unread, shared, archived) = (b.unread, b.shared, b.isArchived)
        }
    }

    @Test(arguments: SourceKind.allCases)
    func anExportReimportsIntoAnEmptyStoreWithNoFieldLost(_ exporter: SourceKind) async throws {
        let from = try LibraryFixture(exporter)
        try Self.seedVariedLibrary(from)
        let exported = try await from.library.exportNetscape()
        #expect(exported.count == 4)

        let into = try LibraryFixture(.embedded)
        let report = try await into.library.importNetscape(exported.text)
        #expect(report == ImportReport(read: 4, created: 4, updated: 0, skipped: 0, problems: [], throughAPI: false))
        let original = Set(try from.serverBookmarks().values.map(Carried.init))
        let reimported = Set(try into.serverBookmarks().values.map(Carried.init))
        #expect(reimported == original)
    }

    @Test func exportsThroughEitherSourceAreTheSameFile() async throws {
        let embedded = try LibraryFixture(.embedded)
        try Self.seedVariedLibrary(embedded)
        try embedded.addMany(15)
        let viaClient = LibraryService(source: embedded.server.client, widgets: nil, now: embedded.clock.now, warn: { _ in },
                                       syncOptions: SyncOptions(pageSize: 4))
        #expect(try await viaClient.exportNetscape().text == embedded.library.exportNetscape().text)
    }

    @Test(arguments: ["", "just some text", "{\"bookmarks\": []}", "<html><body><p>Hello</p><a href=\"https://x.test\">x</a></body></html>",
                      "\u{0}\u{1}PNG\r\n\u{1A}\n binary", String(repeating: "<", count: 10_000), Self.pageOfLinks])
    func textThatIsNotABookmarkFileChangesNothing(_ text: String) async throws {
        let f = try LibraryFixture(.embedded, keepsCopy: true)
        try f.addMany(2)
        _ = try await f.library.sync()
        let before = try f.serverBookmarks()
        await #expect(throws: NetscapeError.notABookmarkFile) { try await f.library.importNetscape(text) }
        #expect(try f.serverBookmarks() == before)
        #expect(try f.cache.syncState()?.lastFullReconcile != nil)
    }

    /// A web page of 5,000 links and no `<DT>`: its links reach the store's transaction part by part before the end
    /// of the text shows it is not a bookmark file, so the store must roll them back.
    static let pageOfLinks = "<html><body>\n" + (0..<5_000).map { #"<p><a href="https://links.example/\#($0)">Link \#($0)</a></p>"# }
        .joined(separator: "\n") + "\n</body></html>"

    @Test(arguments: [(SourceKind.embedded, 10_000, 1_000), (SourceKind.linkding, 300, 100)])
    func aLargeFileWithBadLinesImportsTheRestAndReportsEachByLine(_ kind: SourceKind, _ count: Int, _ period: Int) async throws {
        let f = try LibraryFixture(kind, options: SyncOptions(pageSize: 1000))
        let file = GeneratedBookmarkFile(count: count, period: period)
        let report = try await f.library.importNetscape(file.text)
        #expect(report.read == file.read)
        #expect(report.created == file.created)
        #expect(report.updated == 0)
        #expect(report.skipped == file.skipped)
        #expect(report.throughAPI == (kind == .linkding))
        #expect(report.problems.compactMap(\.line) == file.problemLines)
        #expect(report.problems.filter { $0.message.contains("repeats an earlier entry") }.compactMap(\.line) == file.duplicateLines)
        #expect(try f.serverBookmarks().count == file.created)
        let sample = try #require(try f.store.bookmark(matching: "https://example.com/item/3"))
        #expect(sample.title == "Item 3 & more" && sample.unread && Set(sample.tagNames) == ["tag3", "common"])
        #expect(sample.dateAdded == Date(timeIntervalSince1970: 1_600_000_180))
    }

    /// A bulk import's bookmarks reach the cache as the store holds them (created ones and one it updated), on its
    /// own threads, and the observers hear of each once.
    @Test func aBulkImportLeavesTheCacheAsTheStore() async throws {
        let f = try LibraryFixture(.embedded)
        let old = try f.add("https://example.com/item/3", title: "Before", tags: ["kept"])
        _ = try await f.library.sync()
        let before = f.recorder.saved.count
        let file = GeneratedBookmarkFile(count: 3_000, period: 3_000)
        let report = try await f.library.importNetscape(file.text)
        #expect(report.updated == 1 && report.created == file.created - 1)
        let heard = f.recorder.saved.dropFirst(before).flatMap { $0 }
        let stored = Set(try f.serverBookmarks().keys)
        #expect(heard.count == file.created && Set(heard) == stored)
        let cached = try f.cachedBookmarks()
        #expect(cached == (try f.serverBookmarks()))
        #expect(cached[old.id].map { Set($0.tagNames) } == ["kept", "tag3", "common"])
        #expect(f.warnings.isEmpty)
    }

    /// A bulk import reports what the store has written as it goes: "reading the file" (total 0) first, then counts
    /// that only grow, of the file's whole count once it is read, ending at all of it.
    @Test func aBulkImportReportsProgressAsTheStoreWrites() async throws {
        let f = try LibraryFixture(.embedded)
        let file = GeneratedBookmarkFile(count: 10_000, period: 10_000)
        let seen = Mutex<[(done: Int, total: Int)]>([])
        let report = try await f.library.importNetscape(file.text) { done, total in seen.withLock { $0.append((done, total)) } }
        let calls = seen.withLock { $0 }
        #expect(calls.first.map { $0 == (0, 0) } == true)
        #expect(calls.last.map { $0 == (report.read, report.read) } == true)
        #expect(calls.allSatisfy { $0.total == 0 || $0.total == report.read })
        #expect(zip(calls, calls.dropFirst()).allSatisfy { $0.done <= $1.done }, "never backwards")
        #expect(calls.contains { $0.done > 0 && $0.done < report.read }, "counts while the store writes, not only at the end")
    }

    @Test func throughTheAPIAnExistingURLIsPatchedAndANewOneCreatedWithItsDates() async throws {
        let f = try LibraryFixture(.linkding)
        let old = try f.add("https://example.com/existing", title: "Old title", notes: "Old notes", tags: ["a"])
        let file = NetscapeBookmarkFile.write([
            NetscapeEntry(url: "https://EXAMPLE.com/existing/", title: "New title", tags: ["b", "A"], unread: true),
            NetscapeEntry(url: "https://example.com/new", title: "New", notes: "Some notes", tags: ["n"],
                          dateAdded: Date(timeIntervalSince1970: 1_500_000_000), unread: true, shared: true, archived: true),
        ])
        f.server.clearLog()
        let report = try await f.library.importNetscape(file)
        #expect(report == ImportReport(read: 2, created: 1, updated: 1, skipped: 0, problems: [], throughAPI: true))
        let patched = try f.store.bookmark(id: old.id)
        #expect(patched.url == old.url)
        #expect(patched.title == "New title" && patched.notes == "Old notes" && patched.unread)
        #expect(patched.tagNames == ["a", "b"])
        let created = try #require(try f.store.bookmark(matching: "https://example.com/new"))
        #expect(created.isArchived && created.unread && created.shared && created.notes == "Some notes")
        #expect(created.dateAdded == Date(timeIntervalSince1970: 1_500_000_000))
        // No per-entry check (it would scrape every page): one walk of both lists, then one write per entry.
        #expect(!f.server.log.contains { $0.contains("/check") })
        #expect(f.server.log.filter { $0.hasPrefix("PATCH") || $0.hasPrefix("POST") }.count == 2)
        #expect(try f.cache.bookmark(id: old.id)?.title == "New title")
        #expect(f.recorder.allSaved == [old.id])
    }

    @Test func withoutMappingThePrivateFlagNothingImportsAsShared() async throws {
        let f = try LibraryFixture(.embedded)
        let file = NetscapeBookmarkFile.write([NetscapeEntry(url: "https://example.com/s", shared: true)])
        _ = try await f.library.importNetscape(file, mapPrivateFlag: false)
        #expect(try f.store.bookmark(matching: "https://example.com/s")?.shared == false)
    }

    @Test func foldersCanBecomeTags() async throws {
        let f = try LibraryFixture(.embedded)
        let file = """
            <!DOCTYPE NETSCAPE-Bookmark-file-1>
            <DL><p>
            <DT><H3>Reading List</H3>
            <DL><p>
            <DT><A HREF="https://example.com/in-folder" TAGS="own">In a folder</A>
            </DL><p>
            </DL><p>
            """
        _ = try await f.library.importNetscape(file, foldersAsTags: true)
        #expect(try f.store.bookmark(matching: "https://example.com/in-folder")?.tagNames == ["Reading-List", "own"])
    }

    @Test func aServerThatGoesAwayStopsTheImportAndSaysHowFarItGot() async throws {
        let f = try LibraryFixture(.linkding)
        let file = GeneratedBookmarkFile(count: 20, period: 10)
        f.server.failAfter(2 + 3)  // the walk of both lists, then three entries
        do {
            _ = try await f.library.importNetscape(file.text)
            Issue.record("the import should stop")
        } catch LibraryError.importInterrupted(let done, let total, let reason) {
            #expect(done == 4 && total == file.read)  // entries gone through: three saved and the repeated URL
            #expect(reason.contains("linkding.test"))
        }
        #expect(try f.serverBookmarks().count == 3)
        #expect(try f.cachedIDs().count == 3)
    }
}
