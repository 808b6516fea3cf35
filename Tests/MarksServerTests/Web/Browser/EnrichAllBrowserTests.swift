import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import Testing
@testable import MarksServer

/// Enrich All in headless Chromium: the button queues the job, the script follows its progress from the jobs
/// table (`GET /collections/enrich`), and the line says when it is done; the job itself runs in the test's runner.
@Suite struct EnrichAllBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))  // a hang guard: on 2 shared cores beside the rest of the suite a walk can take minutes
    func theButtonQueuesTheJobAndThePageFollowsIt() async throws {
        let web = try await WebHarness.make(seed: 6, enrichment: WebEnrichmentTests.offlineEnrichment())
        defer { web.cleanUp() }
        try await WebDriver.serving(web) { browser, base in
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            try await browser.open(base + "/collections")
            try await browser.click("form[data-enrich-all] button")
            try await browser.wait("the job is queued") { try await browser.text("#enrich-progress").contains("queued") }
            #expect(try await browser.currentURL == base + "/collections", "the script stayed on the page")
            #expect(try web.jobs.store.jobs(kind: EnrichmentService.JobKinds.enrichAll).map(\.state) == [.queued])
            await web.jobs.runUntilIdle()
            try await browser.wait("the page follows the job to its end") {
                try await browser.text("#enrich-progress").contains("Enrich all finished. Enriched 6")
            }
            #expect(try await browser.property("form[data-enrich-all] button", "disabled") as? Bool == false)
        }
    }
}
