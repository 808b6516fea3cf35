import MarksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `marks serve` as a user runs it: a real process, a real port, real signals.
@Suite struct ServeEndToEndTests {
    /// A running `marks serve` child process.
    final class Server: Sendable {
        let child: RunningProcess
        let url: String

        static func start(_ marks: MarksBinary, arguments: [String], environment: [String: String] = [:]) async throws -> Server {
            let child = try RunningProcess(MarksBinary.executable, ["serve"] + arguments, environment: marks.environment.merging(environment) { $1 })
            let text = await child.output(containing: "\n")
            guard let range = text.range(of: #"http://[^ \n]+/"#, options: .regularExpression) else {
                _ = await child.stop()
                throw ServeError(message: "no URL printed: \(text)")
            }
            return Server(child: child, url: String(text[range]))
        }

        private init(child: RunningProcess, url: String) {
            self.child = child
            self.url = url
        }

        func get(_ path: String) async throws -> (Int, String) {
            let (data, response) = try await URLSession.shared.data(from: URL(string: url + path.dropFirst())!) // safe: test URL
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }

        func stop(signal: Int32 = SIGTERM) async -> (Int32, String, String) {
            let ending = await child.stop(signal: signal)
            return (ending.status, ending.stdout, ending.stderr)
        }
    }

    struct ServeError: Error { let message: String }

    @Test func twoServersWithTheirOwnPortsAndDataDirsRunSideBySide() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let dataA = marks.home.appendingPathComponent("a").path
        let dataB = marks.home.appendingPathComponent("b").path
        let a = try await Server.start(marks, arguments: ["--port", "0", "--data", dataA])
        let b = try await Server.start(marks, arguments: ["--port", "0", "--data", dataB])
        #expect(a.url != b.url)
        let (status, body) = try await a.get("/healthz")
        #expect(status == 200)
        #expect(body.contains(#""status":"ok""#) && body.contains(#""version":"#))
        #expect(try await b.get("/healthz").0 == 200)
        #expect(FileManager.default.fileExists(atPath: dataA) && FileManager.default.fileExists(atPath: dataB))
        let (codeA, outA, errA) = await a.stop(signal: SIGINT)
        let (codeB, _, _) = await b.stop()
        #expect(codeA == 0 && codeB == 0)
        #expect(outA.contains("Marks stopped."))
        #expect(errA.contains(#""event":"request","method":"GET","path":"/healthz","status":200"#))
        #expect(errA.contains(#""event":"stop","signal":"SIGINT""#))
    }

    /// A server that has embedded nothing has not loaded OpenBLAS (nor libgfortran): it is loaded by the first matrix
    /// product, as its pages and its start-up work are resident memory otherwise.
    @Test func anIdleServerHasNotLoadedOpenBLAS() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let server = try await Server.start(marks, arguments: ["--port", "0", "--data", marks.home.appendingPathComponent("data").path])
        #expect(try await server.get("/api/bookmarks/").0 == 401)
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/\(server.child.pid)/maps"))
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)  // procfs: read to the end, not by size
        try handle.close()
        #expect(maps.contains("libsqlite3"), "the process's own mappings were read")
        #expect(!maps.contains("libopenblas") && !maps.contains("libgfortran"), "OpenBLAS is loaded by the first matrix product")
        let (code, _, _) = await server.stop()
        #expect(code == 0)
    }

    @Test func askAnswersOverV1FromTheServedLibrary() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let data = marks.home.appendingPathComponent("ask").path
        let added = try await marks.run(["add", "https://bread.example/sourdough", "--title", "Sourdough guide",
                                         "--description", "Feed the sourdough starter with rye flour twice a day.", "--data", data])
        #expect(added.code == 0, "\(added.stderr)")
        let server = try await Server.start(marks, arguments: ["--port", "0", "--data", data])
        let session = URLSession(configuration: .ephemeral)
        func post(_ path: String, _ body: String, headers: [String: String] = [:]) async throws -> (Int, [String: Any]) {
            var request = URLRequest(url: URL(string: server.url + path.dropFirst())!) // safe: test URL
            request.httpMethod = "POST"
            request.httpBody = Data(body.utf8)
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            let (bytes, response) = try await session.data(for: request)
            let object = try JSONSerialization.jsonObject(with: bytes) as? [String: Any] ?? [:]
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, object)
        }
        let question = #"{"question":"How often do I feed the sourdough starter?"}"#
        let json = ["Content-Type": "application/json"]
        // Issue 35: a device registered from loopback without the owner's credential reads nothing of the library.
        let (anonymous, anonymousIssue) = try await post("/v1/auth/register", #"{"device_id":"intruder","platform":"test","app_version":"1"}"#,
                                                         headers: json)
        #expect(anonymous == 200)
        #expect(anonymousIssue["scope"] as? String == "anonymous")
        let intruder = try #require(anonymousIssue["token"] as? String)
        let (refused, refusal) = try await post("/v1/marks/ask", question, headers: ["Authorization": "Bearer \(intruder)"])
        #expect(refused == 403)
        #expect(!String(describing: refusal).contains("rye"))
        // The owner pairs with `marks devices pair` (the code is in marks.sqlite, so the running server takes it).
        let pair = try await marks.run(["devices", "pair", "--data", data])
        #expect(pair.code == 0, "\(pair.stderr)")
        let code = pair.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let (registered, issued) = try await post("/v1/auth/register", #"{"device_id":"e2e","platform":"test","app_version":"1"}"#,
                                                  headers: json.merging(["X-Marks-Pairing-Code": code]) { $1 })
        #expect(registered == 200)
        #expect(issued["scope"] as? String == "owner")
        let token = try #require(issued["token"] as? String)
        let (status, answer) = try await post("/v1/marks/ask", question, headers: ["Authorization": "Bearer \(token)"])
        // `marks devices` lists both; `marks devices revoke` ends the token at once, also for the running server.
        let listed = try await marks.run(["devices", "--json", "--data", data])
        #expect(listed.code == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains(#""device_id":"e2e""#) && listed.stdout.contains(#""scope":"owner""#))
        #expect(listed.stdout.contains(#""device_id":"intruder""#))
        let revoke = try await marks.run(["devices", "revoke", "e2e", "--data", data])
        #expect(revoke.code == 0, "\(revoke.stderr)")
        let (afterRevoke, _) = try await post("/v1/marks/ask", question, headers: ["Authorization": "Bearer \(token)"])
        #expect(afterRevoke == 401)
        let all = try await marks.run(["devices", "revoke", "--all", "--data", data])
        #expect(all.stdout.contains("Revoked 1 app token."), "\(all.stdout)")
        _ = await server.stop()
        #expect(status == 200)
        #expect(answer["found"] as? Bool == true)
        #expect(answer["answer"] as? String == "Feed the sourdough starter with rye flour twice a day. [1]")
        #expect((answer["citations"] as? [[String: Any]])?.first?["bookmark_id"] as? Int == 1)
    }

    @Test func aTakenPortIsAClearFailureAndExposureWarns() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let first = try await Server.start(marks, arguments: ["--port", "0", "--data", marks.home.appendingPathComponent("x").path])
        let port = try #require(first.url.split(separator: ":").last?.dropLast())
        let second = try await marks.run(["serve", "--port", String(port), "--data", marks.home.appendingPathComponent("y").path])
        #expect(second.code == 1)
        #expect(second.stderr.contains("Cannot listen on 127.0.0.1:\(port)"))
        _ = await first.stop()
        let exposed = try await Server.start(marks, arguments: ["--host", "0.0.0.0", "--port", "0", "--data", marks.home.appendingPathComponent("z").path])
        let (_, _, err) = await exposed.stop()
        #expect(err.contains("exposes Marks to your network"))
        let bad = try await marks.run(["serve", "--port", "99999"])
        #expect(bad.code == 64)
    }

    @Test func withARemoteLinkdingTheBannerNamesItAndAPIPointsThere() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let embedded = try await Server.start(marks, arguments: ["--port", "0", "--data", marks.home.appendingPathComponent("e").path])
        let (_, embeddedOut, _) = await embedded.stop()
        #expect(embeddedOut.contains("linkding API: \(embedded.url)api/"))

        let configDirectory = marks.home.appendingPathComponent("config/marks")
        try FileManager.default.createDirectory(at: configDirectory, withIntermediateDirectories: true)
        let file = configDirectory.appendingPathComponent("config.json")
        try Data(#"{"linkding":{"host":"127.0.0.1","port":9,"path":"","token":"t","https":false}}"#.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let remote = try await Server.start(marks, arguments: ["--port", "0", "--data", marks.home.appendingPathComponent("r").path])
        let (status, body) = try await remote.get("/api/bookmarks/")
        #expect(status == 503)
        #expect(body == #"{"detail":"This Marks uses the linkding server at http://127.0.0.1:9; point your client there."}"#)
        #expect(try await remote.get("/healthz").0 == 200)
        let (code, out, _) = await remote.stop()
        #expect(code == 0)
        #expect(out.contains("bookmarks: the linkding server at http://127.0.0.1:9"))
        #expect(!out.contains("api/"))

        try Data(#"{"linkding":{"host":"127.0.0.1","port":9,"path":"","token":"","https":false}}"#.utf8).write(to: file)
        let broken = try await marks.run(["serve", "--port", "0", "--data", marks.home.appendingPathComponent("b").path])
        #expect(broken.code == 1)
        #expect(broken.stderr.contains("The linkding settings need fixing"))
    }
}
