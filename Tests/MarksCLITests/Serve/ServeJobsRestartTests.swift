import Foundation
import HTTPClient
import MarksJobs
import MarksTestSupport
import SystemSupport
import Testing
@testable import MarksCLI
@testable import MarksBookmarks
@testable import MarksPodcasts

/// Issue 34's restart tests through the real composition root (`SourceSwitchTests.Serving`: `marks serve`'s parts
/// behind a real server on port 0, real SQLite): a web import is a `library.import` job read back by its page, and an
/// import whose server was killed mid-run is shown interrupted, with the reason, after the next start.
@Suite struct ServeJobsRestartTests {
    typealias Serving = SourceSwitchTests.Serving

    static let file = """
        <!DOCTYPE NETSCAPE-Bookmark-file-1>
        <DL><p>
        <DT><A HREF="https://imported.example/one" ADD_DATE="1700000000">One</A>
        <DT><A HREF="https://imported.example/two" ADD_DATE="1700000001">Two</A>
        </DL><p>
        """

    /// Uploads `file` from the Import form (asking for JSON); returns the import's id.
    static func upload(_ serving: Serving) async throws -> String {
        let boundary = "----MarksServeBoundary3"
        let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"bookmarks.html\"\r\n"
            + "Content-Type: text/html\r\n\r\n\(file)\r\n--\(boundary)--\r\n"
        let response = try await serving.client.send("POST", "/settings/import", headers: [
            HTTPHeaderField(name: "Content-Type", value: "multipart/form-data; boundary=\(boundary)"),
            HTTPHeaderField(name: "Accept", value: "application/json"),
            HTTPHeaderField(name: "Origin", value: serving.client.base),
        ], body: Data(body.utf8))
        #expect(response.status == 202, "\(ServeClient.text(response))")
        let json = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        return try #require(json["id"] as? String)
    }

    /// The import's state as its page's script reads it.
    static func status(_ serving: Serving, _ id: String) async throws -> [String: Any] {
        let response = try await serving.client.get("/settings/import/" + id, headers: [HTTPHeaderField(name: "Accept", value: "application/json")])
        return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    /// The owner name of a process of this machine that has ended (a child run to its end).
    static func deadOwner() async throws -> String {
        let child = try RunningProcess(URL(fileURLWithPath: "/bin/true"), [])
        let pid = child.pid
        _ = await child.wait()
        return JobOwner.name(pid: pid, host: JobOwner.machine)
    }

    @Test(.timeLimit(.minutes(3))) func anUploadIsImportedByItsJobAndItsPageReadsIt() async throws {
        let harness = try CLIHarness()
        defer { harness.cleanUp() }
        let serving = try await Serving.start(harness)
        do {
            let kinds = await serving.parts.jobs.registeredKinds
            #expect(kinds.contains(ImportJobs.jobKindName) && kinds.contains(PodcastRequests.jobKindName) && !kinds.contains("podcast.drain"))
            let id = try await Self.upload(serving)
            #expect(try await Self.status(serving, id)["state"] as? String == "running", "queued until its job runs")
            let staged = harness.dataDirectory.appendingPathComponent("imports/\(id).html")
            #expect(FileManager.default.fileExists(atPath: staged.path))
            try await serving.run(ImportJobs.jobKindName, key: id)
            let done = try await Self.status(serving, id)
            #expect(done["state"] as? String == "done" && done["created"] as? Int == 2, "\(done)")
            let page = ServeClient.text(try await serving.client.get("/settings/import/" + id))
            #expect(page.contains("Imported 2 bookmarks: 2 new, 0 updated."))
            #expect(!FileManager.default.fileExists(atPath: staged.path), "the staged file goes when the job ends")
        } catch {
            await serving.stop()
            throw error
        }
        await serving.stop()
    }

    @Test(.timeLimit(.minutes(3))) func anImportWhoseServerWasKilledIsShownInterruptedAfterTheRestart() async throws {
        let harness = try CLIHarness()
        defer { harness.cleanUp() }
        let first = try await Serving.start(harness)
        let id: String
        let job: Job
        do {
            id = try await Self.upload(first)
            job = try first.job(ImportJobs.jobKindName, key: id)
            // The killed server had claimed the job and begun the import, then died: its row says running under an
            // owner that is gone.
            _ = try #require(try first.parts.jobs.store.claim(id: job.id, owner: try await Self.deadOwner(), now: Date()))
            try first.parts.imports.record(id, state: "running")
        } catch {
            await first.stop()
            throw error
        }
        await first.stop()

        let second = try await Serving.start(harness)
        do {
            await second.parts.jobs.start()
            let ended = try await second.parts.jobs.waitUntilFinished(job.id)
            #expect(ended?.state == .done)
            let status = try await Self.status(second, id)
            #expect(status["state"] as? String == "interrupted", "\(status)")
            let reason = try #require(status["error"] as? String)
            // The runner's reason: the owner is gone, or (the harness's clock runs ahead of the claim's) its heartbeat is stale.
            #expect(reason.hasPrefix("the server stopped while it ran (the process running it ") && reason.hasSuffix(")"), "\(reason)")
            let page = ServeClient.text(try await second.client.get("/settings/import/" + id))
            #expect(page.contains("This import was interrupted: the server stopped while it ran"))
            #expect(!FileManager.default.fileExists(atPath: harness.dataDirectory.appendingPathComponent("imports/\(id).html").path))
            #expect(try await second.parts.sources.current.library.load(LibraryFilter()).bookmarks.isEmpty, "not run again")
        } catch {
            await second.parts.jobs.stop()
            await second.stop()
            throw error
        }
        await second.parts.jobs.stop()
        await second.stop()
    }
}
