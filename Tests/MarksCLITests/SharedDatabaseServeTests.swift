import Foundation
import MarksJobs
import MarksPodcasts
import MarksTestSupport
import PostgresDatabase
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `marks serve --database postgres://…` (issue 17): workers with data directories of their own share the backend
/// through one database — a device registered on one is known to all, `/healthz` reports the database — and
/// `--worker-only` runs the shared jobs without serving HTTP. Real binaries, real processes, the test server.
@Suite(.enabled(if: TestServer.enabled, TestServer.skipped))
struct SharedDatabaseServeTests {
    static func post(_ url: String, _ path: String, json: String, token: String? = nil) async throws -> (Int, String) {
        var request = URLRequest(url: try #require(URL(string: url + path.dropFirst())))
        request.httpMethod = "POST"
        request.httpBody = Data(json.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test(.timeLimit(.minutes(3))) func twoWorkersOnOneDatabaseShareTheirDevices() async throws {
        try await withTestDatabase { database in
            let marks = try MarksBinary()
            defer { marks.cleanUp() }
            let a = try await ServeEndToEndTests.Server.start(marks, arguments: ["--port", "0", "--data", marks.home.path + "/a", "--database", database])
            // The second worker names the database in the environment, as a unit file would.
            let b = try await ServeEndToEndTests.Server.start(marks, arguments: ["--port", "0", "--data", marks.home.path + "/b"],
                                                              environment: ["MARKS_DATABASE_URL": database])
            for worker in [a, b] {
                let (status, body) = try await worker.get("/healthz")
                #expect(status == 200)
                #expect(body.contains(#""database":{"kind":"postgresql","ok":true"#), "\(body)")
            }
            let (registered, reply) = try await Self.post(a.url, "/v1/auth/register", json: #"{"device_id":"phone-1","platform":"ios","app_version":"2"}"#)
            #expect(registered == 200, "\(reply)")
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any])
            let token = try #require(answer["token"] as? String)
            let (stored, _) = try await Self.post(b.url, "/v1/analytics/events", json: #"{"events":[{"name":"app_open","at":"2026-01-01T00:00:00Z"}]}"#,
                                                  token: token)
            #expect(stored == 204, "the token signed by worker a is good on worker b, and its device known there")
            let (codeA, outA, _) = await a.stop()
            let (codeB, _, _) = await b.stop()
            #expect(codeA == 0 && codeB == 0)
            #expect(outA.contains("backend: shared PostgreSQL database"))
            let events = try PostgresConnection(url: database).queryOne("SELECT count(*) AS n FROM backend_analytics_events")?.int("n")
            #expect(events == 1)
        }
    }

    /// Settings → Devices on worker a shows a pairing code; a device registers with it through worker b, once — the
    /// code is in the shared database, not in a's memory — and neither worker takes it again.
    @Test(.timeLimit(.minutes(3))) func aPairingCodeShownByOneWorkerRegistersThroughAnotherOnce() async throws {
        try await withTestDatabase { database in
            let marks = try MarksBinary()
            defer { marks.cleanUp() }
            let dataA = marks.home.path + "/a"
            let a = try await ServeEndToEndTests.Server.start(marks, arguments: ["--port", "0", "--data", dataA, "--database", database])
            let b = try await ServeEndToEndTests.Server.start(marks, arguments: ["--port", "0", "--data", marks.home.path + "/b", "--database", database])
            // The owner signs in to worker a's web app and makes a code there.
            let minted = try await marks.run(["signin-link", "--json", "--data", dataA])
            let link = try #require((try JSONSerialization.jsonObject(with: Data(minted.stdout.utf8)) as? [String: Any])?["links"] as? [String])
            let browser = URLSession(configuration: .ephemeral)
            let signInLink = try #require(link.first)
            let (_, signedIn) = try await browser.data(from: try #require(URL(string: signInLink)))
            #expect((signedIn as? HTTPURLResponse)?.statusCode == 200, "\(minted.stderr)")
            let (settings, _) = try await browser.data(from: try #require(URL(string: a.url + "settings")))
            let csrf = try #require(String(decoding: settings, as: UTF8.self).firstMatch(of: #/name="_csrf" value="([^"]+)"/#)?.1)
            var make = URLRequest(url: try #require(URL(string: a.url + "settings/pairing-code")))
            make.httpMethod = "POST"
            make.setValue(String(csrf), forHTTPHeaderField: "X-CSRF-Token")
            let (page, made) = try await browser.data(for: make)
            #expect((made as? HTTPURLResponse)?.statusCode == 200)
            let code = try #require(String(decoding: page, as: UTF8.self).firstMatch(of: #/id="pairing-code">([A-Z2-9]{4}-[A-Z2-9]{4})</#)?.1)

            func register(_ worker: ServeEndToEndTests.Server, device: String) async throws -> (Int, String) {
                var request = URLRequest(url: try #require(URL(string: worker.url + "v1/auth/register")))
                request.httpMethod = "POST"
                request.httpBody = Data(#"{"device_id":"\#(device)","platform":"ios","app_version":"2"}"#.utf8)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.setValue(String(code), forHTTPHeaderField: "X-Marks-Pairing-Code")
                let (data, response) = try await URLSession.shared.data(for: request)
                return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
            }
            let (first, reply) = try await register(b, device: "tablet-1")
            #expect(first == 200, "worker b takes the code worker a showed: \(reply)")
            #expect(try await register(b, device: "tablet-2").0 == 403, "a code works once")
            #expect(try await register(a, device: "tablet-3").0 == 403, "on every worker")
            let (codeA, _, _) = await a.stop()
            let (codeB, _, _) = await b.stop()
            #expect(codeA == 0 && codeB == 0)
            let devices = try PostgresConnection(url: database).query("SELECT device_id FROM backend_devices").map { try $0.string("device_id") }
            #expect(devices == ["tablet-1"])
        }
    }

    @Test(.timeLimit(.minutes(3))) func aWorkerOnlyProcessMakesTheSharedQueuesEpisodes() async throws {
        try await withTestDatabase { database in
            let marks = try MarksBinary()
            defer { marks.cleanUp() }
            // Another worker asked for an episode: its row and its job are in the shared database.
            let pool = PostgresPool(url: database, size: 2)
            let episodes = try PostgresPodcastStore(pool: pool)
            let id = String(repeating: "ab", count: 16)
            try episodes.findOrInsert(id: id, url: "marks-source://notes", digest: "d", title: "Notes", sourceKind: "text",
                                      text: "Herons fly south in October. They come back in spring.", language: "en", now: Date())
            let jobs = try PostgresJobStore(pool: pool)
            try jobs.enqueue(JobRequest(kind: PodcastService.jobKindName, key: id, payload: #"{"episode":"\#(id)"}"#), maxAttempts: 3, now: Date())

            let worker = try RunningProcess(MarksBinary.executable, ["serve", "--worker-only", "--database", database], environment: marks.environment)
            let banner = await worker.output(containing: "backend:")
            #expect(banner.contains("Marks worker running (no HTTP)"), "\(banner)")
            #expect(!banner.contains("http://"))
            var status = PodcastEpisode.Status.queued
            try await eventually(within: .seconds(120), every: .milliseconds(300)) {
                status = try episodes.episode(id: id)?.status ?? status
                return status == .done || status == .failed
            }
            let ending = await worker.stop()
            #expect(status == .done, "worker log: \(ending.stderr.suffix(2000))")
            #expect(ending.status == 0 && ending.stdout.contains("Marks worker stopped."))
            let stored = try pool.withConnection { try $0.queryOne("SELECT coalesce(sum(length(bytes)), 0)::bigint AS n FROM podcast_audio")?.int("n") }
            let made = try episodes.episode(id: id)?.byteCount
            #expect(stored != nil && stored == made, "the audio is in the database, whole")
            #expect(try jobs.jobs(states: [.done]).count == 1)
        }
    }

    @Test(.timeLimit(.minutes(1))) func aDatabaseURLThatIsNotPostgresIsRefused() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let run = try await marks.run(["serve", "--port", "0", "--database", "mysql://db/marks"])
        #expect(run.code != 0)
        #expect(run.stderr.contains("must be a postgres:// URL"), "\(run.stderr)")
    }
}
