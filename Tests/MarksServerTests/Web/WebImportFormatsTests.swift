import Foundation
import MarksTestSupport
import Testing
@testable import MarksServer

/// Settings → Import with another service's export: the format found from the file's content, the same job and
/// progress as a Netscape file, problems by line.
@Suite struct WebImportFormatsTests {
    @Test func anUploadedPocketCSVIsDetectedAndImported() async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let settings = WebClient.text(try await client.get("/settings"))
        #expect(settings.contains(#"accept=".html,.htm,.csv,.json"#))
        let (type, body) = WebAccountTests.multipart([("_csrf", client.csrf)], file: ("part_000000.csv", ImportSamples.pocketCSV))
        let started = try await client.send(.post, "/settings/import", headers: [("Content-Type", type), ("Origin", "http://127.0.0.1:8080")], body: body)
        #expect(started.status == 303)
        let location = try #require(started.headers["Location"])
        let id = String(location.dropFirst("/settings/import/".count))
        await web.jobs.runUntilIdle()
        let state = try web.app.options.imports?.status(id)?.state
        guard case .finished(let report) = state else {
            Issue.record("the import did not finish: \(String(describing: state))")
            return
        }
        #expect(report.created == 5 && report.skipped == 1)
        let page = WebClient.text(try await client.get(location))
        #expect(page.contains("Imported 5 bookmarks: 5 new, 0 updated, 1 skipped"))
        #expect(page.contains("<strong>Line 5:</strong>"), "the skipped javascript: address is named by its line")
        let swift = await web.source.find(url: "https://swift.org/concurrency")
        #expect(swift?.isArchived == true && swift?.tagNames.sorted() == ["news", "programming", "swift"])
    }

    @Test func anUploadedExportsAnnotationsBecomeHighlights() async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let (type, body) = WebAccountTests.multipart([("_csrf", client.csrf)], file: ("wallabag.json", ImportSamples.wallabagJSON))
        let started = try await client.send(.post, "/settings/import", headers: [("Content-Type", type), ("Origin", "http://127.0.0.1:8080")], body: body)
        let location = try #require(started.headers["Location"])
        await web.jobs.runUntilIdle()
        let page = WebClient.text(try await client.get(location))
        #expect(page.contains("Imported 3 bookmarks: 3 new, 0 updated, 1 skipped. 1 highlights added, 0 already there."), "\(page)")
        let highlights = WebClient.text(try await client.get("/highlights"))
        #expect(highlights.contains("a quoted part") && highlights.contains("My note"), "\(highlights)")
    }

    @Test func aBrokenExportFailsWithItsReasonAndChangesNothing() async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let cut = String(ImportSamples.wallabagJSON.prefix(300))
        let (type, body) = WebAccountTests.multipart([("_csrf", client.csrf)], file: ("wallabag.json", cut))
        let started = try await client.send(.post, "/settings/import", headers: [("Content-Type", type), ("Origin", "http://127.0.0.1:8080")], body: body)
        let location = try #require(started.headers["Location"])
        await web.jobs.runUntilIdle()
        let page = WebClient.text(try await client.get(location))
        #expect(page.contains("is not valid JSON") && page.contains("Nothing was imported"))
        #expect(await web.source.find(url: "https://wallabag.example/one") == nil)
    }
}
