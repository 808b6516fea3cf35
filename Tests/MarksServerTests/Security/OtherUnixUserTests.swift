import MarksTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 35, item 1, as the report ran it: another account on the same machine (`nobody`) against the real
/// `marks serve` on loopback. It may register an anonymous device, but gets nothing of the owner's library: Ask and a
/// podcast of a saved URL are 403, `/api/` is 401, and the data directory's files are not readable to it. Runs where the
/// test can become another user (root, with `setpriv` and `curl`); elsewhere the router-level tests in
/// `OwnerTrustTests` prove the same over loopback without the owner's credential.
@Suite struct OtherUnixUserTests {
    static let setpriv = "/usr/bin/setpriv"
    static let curl = "/usr/bin/curl"
    static var canBecomeNobody: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv) && FileManager.default.isExecutableFile(atPath: curl)
    }

    /// Runs `arguments` as `nobody` (uid and gid 65534, no supplementary groups).
    static func asNobody(_ arguments: [String]) async throws -> ChildProcess.Result {
        try await ChildProcess.run(URL(fileURLWithPath: setpriv),
                                   ["--reuid=65534", "--regid=65534", "--clear-groups", "--"] + arguments,
                                   environment: ["PATH": "/usr/bin:/bin", "HOME": "/"])
    }

    /// `curl` as nobody: the body, then the status on the last line.
    static func call(_ method: String, _ url: String, json: String? = nil, headers: [String] = []) async throws -> (status: Int, body: String) {
        var arguments = [curl, "-s", "-X", method, "-w", "\n%{http_code}", url]
        for header in headers { arguments += ["-H", header] }
        if let json { arguments += ["-H", "Content-Type: application/json", "--data-binary", json] }
        let result = try await asNobody(arguments)
        var lines = result.stdout.components(separatedBy: "\n")
        let status = Int(lines.popLast() ?? "") ?? -1
        return (status, lines.joined(separator: "\n"))
    }

    @Test(.enabled(if: ServeBinaryTests.executable != nil && canBecomeNobody,
                   "needs the built marks executable and root with setpriv and curl, to act as another Unix user"))
    func anotherUnixUserGetsNothingOfTheOwnersLibrary() async throws {
        let marks = try #require(ServeBinaryTests.executable)
        let home = try TemporaryDirectory(prefix: "marks-other-user")
        defer { home.cleanUp() }
        // The owner's home is often readable by others; the data directory must protect itself.
        #expect(chmod(home.path, 0o755) == 0)
        let data = home.path + "/data"
        let server = try RunningProcess(marks, ["serve", "--port", "0", "--data", data], environment: ServeBinaryTests.environment(home))
        let firstLines = await server.output(containing: "/api/")
        let port = try #require(firstLines.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression)
            .flatMap { Int(firstLines[$0].split(separator: ":").last ?? "") })
        let base = "http://127.0.0.1:\(port)"

        // The owner saves a private bookmark through the API with the token.
        let token = try String(contentsOfFile: data + "/api_token", encoding: .utf8).trimmingCharacters(in: .newlines)
        let secret = "The PIN for my bank card is 4711"
        let saved = "https://bank.example/card"
        let body = #"{"url": "\#(saved)", "title": "Bank card", "notes": "\#(secret)"}"#
        let created = try await RawHTTP.exchange(port: port, """
            POST /api/bookmarks/?disable_scraping HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token \(token)\r\n\
            Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)
            """)
        #expect(created.status == 201)

        // nobody cannot read the data directory's files ...
        for file in ["api_token", "marks.sqlite"] {
            let read = try await Self.asNobody(["/bin/cat", data + "/" + file])
            #expect(read.status != 0, "nobody read \(file)")
            #expect(!read.stdout.contains(token))
        }
        // ... gets 401 on the linkding API ...
        #expect(try await Self.call("GET", base + "/api/bookmarks/").status == 401)
        #expect(try await Self.call("GET", base + "/api/bookmarks/?q=bank").status == 401)
        // ... may register an anonymous device from loopback (the seeds' app does), but nothing more.
        let registered = try await Self.call("POST", base + "/v1/auth/register",
                                             json: #"{"device_id":"intruder","platform":"ios","app_version":"1"}"#)
        #expect(registered.status == 200, "\(registered.body)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(registered.body.utf8)) as? [String: Any])
        #expect(object["scope"] as? String == "anonymous")
        let jwt = try #require(object["token"] as? String)
        let bearer = "Authorization: Bearer \(jwt)"
        let ask = try await Self.call("POST", base + "/v1/marks/ask", json: #"{"question":"What is the PIN for my bank card?"}"#,
                                      headers: [bearer])
        #expect(ask.status == 403)
        #expect(!ask.body.contains("4711") && !ask.body.contains(saved))
        let podcast = try await Self.call("POST", base + "/v1/podcast/generate", json: #"{"url":"\#(saved)"}"#, headers: [bearer])
        #expect(podcast.status == 403)
        // Claiming to be the owner without a credential does not work either.
        let claimed = try await Self.call("POST", base + "/v1/auth/register",
                                          json: #"{"device_id":"intruder-2","platform":"ios","app_version":"1"}"#,
                                          headers: ["Authorization: Token wrong-token"])
        #expect(!claimed.body.contains("owner\""), "\(claimed.status) \(claimed.body)")
        _ = await server.stop()
    }
}
