import Foundation
import HTTPServer
import MarksAssembly
import MarksAppAPI
import MarksCore
import MarksJobs
import MarksBookmarks
import MarksFetch
import MarksPodcasts
import MarksServer
import MarksTestSupport
import SQLiteDatabase

/// The backend with podcast generation on a fresh data directory: a real job runner and the espeak-ng voice (or a
/// stand-in program), pages fetched from loopback, the app served live on port 0 (the audio is a file body).
final class PodcastFixture: Sendable {
    let directory: TemporaryDirectory
    let data: LocalData
    let server: LiveServer
    let jobs: JobRunner
    let podcasts: PodcastService
    let voiceProgram: String?
    /// The backend's pairing codes (a registration with one gets the owner scope).
    let pairing: PairingCodes

    /// The service a test builds itself (other voices, a dialogue writer) over the fixture's database, directory and runner.
    typealias MakeService = @Sendable (Database, TemporaryDirectory, JobRunner) throws -> PodcastService

    init(voiceProgram: String? = nil, maxSeconds: Double = 3 * 3600, service: MakeService? = nil) async throws {
        directory = try TemporaryDirectory(prefix: "marks-podcast")
        self.voiceProgram = voiceProgram
        let config = MarksConfig(allowPrivateNetworkFetches: true)
        // The backend as the composition root builds it for `marks serve`, on the test embedder.
        let engine = try ConfiguredEngine(config: config, environment: [:], embedder: TestEmbedder(), limits: AppAPILimits().engine)
        let root = CompositionRoot(settings: Settings(dataDirectory: directory.url, config: config), context: ProcessContext(environment: [:]),
                                   overrides: CompositionRoot.Overrides(engine: engine))
        data = try root.data()
        if let service {
            jobs = JobRunner(store: try JobStore(database: data.database), log: { _ in })
            podcasts = try service(data.database, directory, jobs)
        } else {
            (jobs, podcasts) = try Self.jobsAndService(database: data.database, directory: directory, voiceProgram: voiceProgram, maxSeconds: maxSeconds)
        }
        var api = try root.backendAPI(exposed: false)
        api.podcasts = podcasts
        pairing = api.pairing
        let router = MarksApp(context: MarksApp.Context(version: "test", logError: { _ in }, backend: api)).router
        server = try LiveServer(router)
        await jobs.register(podcasts.jobKind())
        await jobs.start()
    }

    /// A runner and a service over `database`, as a (re)started server makes them.
    static func jobsAndService(database: Database, directory: TemporaryDirectory, voiceProgram: String?,
                               maxSeconds: Double = 3 * 3600) throws -> (JobRunner, PodcastService) {
        let jobs = JobRunner(store: try JobStore(database: database), log: { _ in })
        let scratch = directory.url
        let fetcher = PageFetcher(policy: FetchPolicy(config: MarksConfig(allowPrivateNetworkFetches: true)))
        let voice: PodcastService.VoiceProvider = {
            if let voiceProgram { return EspeakVoice(program: voiceProgram, languages: ["en-us"], scratch: scratch) }
            return try await EspeakVoice.installed(scratch: scratch)
        }
        let service = try PodcastService(database: database, directory: directory.file("podcasts/audio"), jobs: jobs, voice: voice,
                                         readArticle: { try await PodcastPages.read($0, fetcher: fetcher) }, maxSeconds: maxSeconds)
        return (jobs, service)
    }

    func close() async {
        await jobs.stop()
        await server.stop()
        directory.cleanUp()
    }

    var port: Int { server.port }

    /// One request over a fresh connection.
    func call(_ method: String, _ path: String, json: String? = nil, token: String?, headers: [String] = []) async throws -> APIReply {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        for header in headers { head += header + "\r\n" }
        var body = Data()
        if let json {
            body = Data(json.utf8)
            head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n"
        }
        return try await RawHTTP.exchange(port: port, Data((head + "\r\n").utf8) + body, timeoutSeconds: 60)
    }

    /// Registers a device, with the owner's credential (a pairing code) unless `owner` is false.
    func register(_ deviceID: String = "podcast-device", owner: Bool = true) async throws -> String {
        let headers = owner ? ["X-Marks-Pairing-Code: \(try pairing.issue().code)"] : []
        let reply = try await call("POST", "/v1/auth/register", json: #"{"device_id":"\#(deviceID)","platform":"test","app_version":"1"}"#,
                                   token: nil, headers: headers)
        guard let token = reply.json?["token"] as? String else { throw RawHTTP.Failure(description: "registration failed: \(reply.status)") }
        return token
    }

    /// Polls the job until it is done or failed (a generous deadline: espeak-ng takes seconds), returning every
    /// status seen.
    func poll(_ job: String, token: String) async throws -> [[String: Any]] {
        var seen: [[String: Any]] = []
        let finished = try await eventually(within: .seconds(180), every: .milliseconds(100)) {
            let reply = try await call("GET", "/v1/podcast/status/\(job)", token: token)
            guard reply.status == 200, let object = reply.json else { throw RawHTTP.Failure(description: "status answered \(reply.status)") }
            seen.append(object)
            guard let status = object["status"] as? String else { return false }
            return status == "done" || status == "failed"
        }
        if finished { return seen }
        throw RawHTTP.Failure(description: "job \(job) did not finish: \(seen.last ?? [:])")
    }
}

extension APIReply {
    var json: [String: Any]? {
        do { return try JSONSerialization.jsonObject(with: body) as? [String: Any] } catch { return nil }
    }
}
