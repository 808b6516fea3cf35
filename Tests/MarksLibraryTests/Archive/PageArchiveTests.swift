import Foundation
import HTMLExtraction
import MarksCore
import MarksJobs
import MarksFetch
import MarksReading
import MarksTestSupport
import Synchronization
import Testing

/// The page-text archive against a real local site: the structure is kept, the reader reads offline, failures
/// are recorded with their reason and retried only when they may pass, hosts are paced, fetching off fetches
/// nothing, and the job works in bounded runs.
@Suite struct PageArchiveTests {
    @Test func theReaderFetchesOnceThenReadsTheArchivedTextOffline() async throws {
        let site = try ArchiveSite()
        let archive = try site.archive()
        let first = try await archive.article(for: site.url("/article"))
        #expect(first.title == "Baking notes")
        #expect(first.paragraphs.contains("Proofing"))
        #expect(first.content?.tokens.contains(.start(.h2, [])) == true, "headings are kept")
        await site.server.stop()
        let again = try await archive.article(for: site.url("/article"))
        #expect(again == first)
        #expect(site.hits("/article") == 1)
        let blocks = try #require(try archive.text(url: site.url("/article"))).blocks
        #expect(blocks.contains(PassageBlock(.heading, "Proofing")))
        #expect(blocks.contains(PassageBlock(.paragraph, "Let the dough rise overnight in a cool kitchen until it has doubled.")))
        #expect(site.stored.withLock { $0.map(\.url) } == [site.url("/article")], "the index hears of the stored text")
    }

    /// A table row is one paragraph of the stored text, its cells joined so it reads as a sentence Ask can quote
    /// ("DEBUG: Detailed information…"), not a lone "DEBUG" and a description that does not say what it describes.
    @Test func aTableRowIsOneParagraphThatReadsAsASentence() async throws {
        let site = try ArchiveSite()
        let archive = try site.archive()
        _ = try await archive.article(for: site.url("/levels"))
        let blocks = try #require(try archive.text(url: site.url("/levels"))).blocks.map(\.text)
        #expect(blocks.contains("Level: When it’s used"))
        #expect(blocks.contains(SphinxLevelsPage.debugRow))
        #expect(blocks.contains("INFO: Confirmation that things are working as expected."))
        #expect(blocks.contains("Level: Numeric value; What it means"))
        #expect(blocks.contains("ERROR: 40; A more serious problem: the software could not perform some function."))
        #expect(blocks.contains("The last level. 50; CRITICAL"), "after a cell that ends in a full stop, a space alone")
        #expect(!blocks.contains("DEBUG") && !blocks.contains("40"), "no cell on its own")
        #expect(blocks.contains("The default level is WARNING, which means that only events of this severity and higher will be tracked."))
    }

    @Test func failuresAreRecordedWithWhyAndRetriedOnlyWhenTheyMayPass() async throws {
        let site = try ArchiveSite()
        let archive = try site.archive()
        let urls = [site.url("/missing"), site.url("/file.pdf"), site.url("/flaky"), site.url("/article")]
        let result = try await archive.archive(urls)
        #expect(result.stored == 1)
        let failures = Dictionary(uniqueKeysWithValues: result.failed.map { ($0.url, $0) })
        #expect(failures[site.url("/missing")]?.error == "the page answered HTTP 404.")
        #expect(failures[site.url("/missing")]?.retried == false)
        #expect(failures[site.url("/file.pdf")]?.error.contains("not HTML") == true)
        #expect(failures[site.url("/flaky")]?.retried == true)
        #expect(try archive.due(among: urls).isEmpty, "nothing is due before the retry delay")
        site.advance(3601)
        #expect(try archive.due(among: urls) == [site.url("/flaky")])
        #expect(try archive.due(among: urls, refetchAll: true) == urls)
        let more = urls + [site.url("/new1"), site.url("/new2"), site.url("/new3")]
        #expect(try archive.due(among: more, limit: 2) == [site.url("/flaky"), site.url("/new1")],
                "a limited look stops at the limit, in the library's order, past the stored and the not-yet-due")
        #expect(try archive.due(among: more, refetchAll: true, limit: 5) == Array(more.prefix(5)))
        let report = try archive.report(for: urls)
        #expect(report.total == 4 && report.stored == 1 && report.failures.count == 3 && report.pending == 1)
    }

    @Test func aFailedRefetchKeepsTheStoredText() async throws {
        let site = try ArchiveSite()
        let archive = try site.archive()
        let url = site.url("/article")
        _ = try await archive.article(for: url)
        await site.server.stop()
        await #expect(throws: FetchError.self) { try await archive.refetch(url) }
        #expect(try archive.page(url: url)?.state == .stored)
        #expect(try await archive.article(for: url).title == "Baking notes")
    }

    @Test func aRefetchStoresTheNewTextUnderANewVersion() async throws {
        let site = try ArchiveSite()
        let archive = try site.archive()
        let url = site.url("/article")
        _ = try await archive.article(for: url)
        let before = try archive.versions(urls: [url])[url]
        site.advance(60)
        site.articleText.withLock { $0 = "Rye bread wants a denser crumb and a longer bake." }
        _ = try await archive.refetch(url)
        #expect(try archive.versions(urls: [url])[url] != before)
        #expect(try await archive.article(for: url).paragraphs.first == "Rye bread wants a denser crumb and a longer bake.")
    }

    @Test func pagesOnOneHostStartAPacingApartOthersDoNotWait() async throws {
        let site = try ArchiveSite()
        // Sleeps are recorded, not slept: a pacing far longer than a loaded machine takes for the first fetch.
        let archive = try site.archive(pacing: .seconds(60), parallel: 1)
        _ = try await archive.archive([site.url("/article"), site.url("/other"), site.url("/article", host: "b.test")])
        let sleeps = site.sleeps.withLock { $0 }
        #expect(sleeps.count == 1, "only the second page of a.test waits; b.test goes at once")
        #expect(sleeps.allSatisfy { $0 > .seconds(30) && $0 <= .seconds(60) })
    }

    @Test func pagesOfAHostThatDoesNotResolveDoNotWaitTheirTurn() async throws {
        // Offline, every host fails to resolve; pacing them (a request never sent) made a library with 550 pages
        // on github.com take over nine minutes to say so.
        let site = try ArchiveSite()
        let archive = try site.archive(pacing: .seconds(60), parallel: 1)
        let gone = (1...5).map { "http://gone.example/\($0)" }
        let result = try await archive.archive(gone + [site.url("/article"), site.url("/other")])
        #expect(result.failed.count == 5)
        #expect(result.failed.allSatisfy { $0.error == "Cannot resolve gone.example." })
        #expect(site.sleeps.withLock { $0 }.count == 1, "only a.test's second page waits")
    }

    @Test func aRunThatReachesNoServerStopsAsOfflineAndLeavesTheRestUntried() async throws {
        let site = try ArchiveSite()
        let archive = try site.archive(parallel: 1)
        let gone = (1...20).map { "http://site\($0).example/page" }
        await #expect(throws: FetchError.offline(unresolvedSites: PageArchive.offlineAfter)) { _ = try await archive.archive(gone) }
        let report = try archive.report(for: gone)
        #expect(report.failures.count == PageArchive.offlineAfter, "the rest were not tried, so no try of theirs is used up")
        #expect(report.pending >= 20 - PageArchive.offlineAfter)
    }

    @Test func deadDomainsAfterAPageAnsweredAreTheSitesProblem() async throws {
        let site = try ArchiveSite()
        let archive = try site.archive(parallel: 1)
        let gone = (1...20).map { "http://site\($0).example/page" }
        let result = try await archive.archive([site.url("/article")] + gone)
        #expect(result.stored == 1)
        #expect(result.failed.count == 20)
    }

    @Test func theRunInterleavesHosts() {
        let order = PageArchive.interleavedByHost(["http://a.test/1", "http://a.test/2", "http://b.test/1", "http://a.test/3", "http://c.test/1"])
        #expect(order == ["http://a.test/1", "http://b.test/1", "http://c.test/1", "http://a.test/2", "http://a.test/3"])
    }

    @Test func withFetchingOffNothingIsFetchedOrRecorded() async throws {
        let site = try ArchiveSite()
        let archive = try site.archive(enabled: false)
        await #expect(throws: FetchError.disabled) { _ = try await archive.article(for: site.url("/article")) }
        await #expect(throws: FetchError.disabled) { _ = try await archive.archive([site.url("/article")]) }
        #expect(try archive.page(url: site.url("/article")) == nil)
        #expect(site.hits("/article") == 0)
        #expect(try archive.report(for: [site.url("/article")]).fetchingOff)
    }

    @Test func theJobArchivesInBoundedRunsAndQueuesTheNextOne() async throws {
        let site = try ArchiveSite()
        let archive = try site.archive()
        let jobs = JobRunner(store: try JobStore(database: site.database), log: { _ in })
        let urls = [site.url("/article"), site.url("/other"), site.url("/article", host: "b.test")]
        let reports = ReportLog()
        await jobs.register(archive.jobKind(urls: { urls }, limit: 2, enqueue: { _ = try await jobs.enqueue($0) },
                                            hooks: PageArchive.JobHooks(report: { reports.add($0) })))
        let first = try #require(try await jobs.run(id: try await jobs.enqueue(PageArchive.sweepJob).id))
        #expect(first.state == .done)
        #expect(reports.all.last?.stored == 2)
        await jobs.runUntilIdle()
        #expect(reports.all.last?.stored == 3)
        #expect(reports.all.last?.pending == 0)
        #expect(site.hits("/article") + site.hits("/other") == 3, "each page fetched once")
    }

    /// A background run reads the library's addresses once, to choose its pages, and does not keep them while it
    /// fetches; only a run someone reports to (`marks archive-text`) reads them again for its report.
    @Test func aRunReadsTheAddressesAgainOnlyForSomeoneToReportTo() async throws {
        let site = try ArchiveSite()
        let archive = try site.archive()
        let jobs = JobRunner(store: try JobStore(database: site.database), log: { _ in })
        let urls = [site.url("/article"), site.url("/other")]
        let reads = Atomic(0)
        let addresses: @Sendable () throws -> [String] = {
            reads.add(1, ordering: .relaxed)
            return urls
        }
        await jobs.register(archive.jobKind(urls: addresses, enqueue: { _ = try await jobs.enqueue($0) }))
        #expect(try await jobs.run(id: try await jobs.enqueue(PageArchive.sweepJob).id)?.state == .done)
        #expect(reads.load(ordering: .relaxed) == 1)
        #expect(try archive.report(for: urls).stored == 2, "the run still archived every due page")

        let reports = ReportLog()
        let foreground = JobRunner(store: try JobStore(database: site.database), log: { _ in })
        await foreground.register(archive.jobKind(urls: addresses, hooks: PageArchive.JobHooks(report: { reports.add($0) })))
        var request = PageArchive.refetchAllJob
        request.key = "foreground"
        #expect(try await foreground.run(id: try await foreground.enqueue(request).id)?.state == .done)
        #expect(reads.load(ordering: .relaxed) == 3, "read to choose, then for the report")
        #expect(reports.all.last?.stored == 2)
    }

    @Test func savingBookmarksQueuesTheSweepButNotWithFetchingOff() async throws {
        let site = try ArchiveSite()
        let queued = RequestLog()
        let bookmark = Bookmark(id: 1, url: site.url("/article"), dateAdded: Date(), dateModified: Date())
        await (try site.archive()).observer(enqueue: { queued.add($0) }, warn: { _ in }).saved([bookmark])
        #expect(queued.all == [PageArchive.sweepJob])
        await (try site.archive(enabled: false)).observer(enqueue: { queued.add($0) }, warn: { _ in }).saved([bookmark])
        #expect(queued.all.count == 1)
        // Once its page is archived, loading the bookmark again (a list page) queues nothing.
        let archive = try site.archive()
        _ = try await archive.article(for: bookmark.url)
        await archive.observer(enqueue: { queued.add($0) }, warn: { _ in }).saved([bookmark])
        #expect(queued.all.count == 1)
    }

    @Test func aRunThatLeavesAPageToRetryQueuesTheSweepForWhenItIsDue() async throws {
        let site = try ArchiveSite()
        let archive = try site.archive()
        let jobs = JobRunner(store: try JobStore(database: site.database), log: { _ in })
        let queued = RequestLog()
        await jobs.register(archive.jobKind(urls: { [site.url("/flaky")] }, enqueue: { queued.add($0) }))
        _ = try await jobs.run(id: try await jobs.enqueue(PageArchive.sweepJob).id)
        let retry = try #require(queued.all.first?.runAfter)
        #expect(retry == site.clock.withLock { $0 }.addingTimeInterval(3600))
    }

    @Test func aDamagedRowIsReportedNotShownAsText() async throws {
        let site = try ArchiveSite()
        let archive = try site.archive()
        let url = site.url("/article")
        _ = try await archive.article(for: url)
        _ = try site.database.write { try $0.run("UPDATE archive_pages SET content = '[[\"s\",\"script\"]]'") }
        #expect(throws: PageArchiveError.self) { _ = try archive.page(url: url) }
    }
}

final class ReportLog: Sendable {
    private let reports = Mutex<[ArchiveReport]>([])
    func add(_ report: ArchiveReport) { reports.withLock { $0.append(report) } }
    var all: [ArchiveReport] { reports.withLock { $0 } }
}

final class RequestLog: Sendable {
    private let requests = Mutex<[JobRequest]>([])
    func add(_ request: JobRequest) { requests.withLock { $0.append(request) } }
    var all: [JobRequest] { requests.withLock { $0 } }
}
