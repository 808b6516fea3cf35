import MarksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The built `marks` executable: `marks token` and `marks serve`'s `/api/` as a user runs them. Skipped when the
/// executable has not been built beside the tests.
@Suite struct ServeBinaryTests {
    static var executable: URL? { MarksBinary.builtExecutable }

    static func environment(_ home: TemporaryDirectory) -> [String: String] {
        ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config", "XDG_DATA_HOME": home.path + "/data",
         "XDG_CACHE_HOME": home.path + "/cache", "PATH": "/usr/bin:/bin"]
    }

    @Test(.enabled(if: executable != nil, "skipped: the marks executable is not built (swift build --build-tests builds it)"))
    func marksTokenPrintsOneStableTokenAndRotatesIt() async throws {
        let marks = try #require(Self.executable)
        let home = try TemporaryDirectory(prefix: "marks-binary")
        defer { home.cleanUp() }
        let data = home.path + "/data dir"
        let first = try await ChildProcess.run(marks, ["token", "--data", data], environment: Self.environment(home))
        #expect(first.status == 0, "\(first.stderr)")
        let token = first.stdout.trimmingCharacters(in: .newlines)
        #expect(token.count == 40 && token.allSatisfy(\.isHexDigit))
        var info = stat()
        #expect(stat(data + "/api_token", &info) == 0 && info.st_mode & 0o777 == 0o600)
        let again = try await ChildProcess.run(marks, ["token", "--data", data], environment: Self.environment(home))
        #expect(again.stdout == first.stdout)
        let rotated = try await ChildProcess.run(marks, ["token", "--rotate", "--data", data], environment: Self.environment(home))
        #expect(rotated.status == 0)
        #expect(rotated.stdout != first.stdout && rotated.stdout.trimmingCharacters(in: .newlines).count == 40)
        let help = try await ChildProcess.run(marks, ["token", "--help"], environment: Self.environment(home))
        #expect(help.stdout.contains("--rotate"))
        let broken = home.path + "/broken"
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        try Data("nope\n".utf8).write(to: URL(fileURLWithPath: broken + "/api_token"))
        let refused = try await ChildProcess.run(marks, ["token", "--data", broken], environment: Self.environment(home))
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("marks token --rotate"))
    }

    @Test(.enabled(if: executable != nil, "skipped: the marks executable is not built (swift build --build-tests builds it)"))
    func marksServeMakesTheTokenOnFirstStartServesTheAPIAndNeverPrintsOrLogsIt() async throws {
        let marks = try #require(Self.executable)
        let home = try TemporaryDirectory(prefix: "marks-binary")
        defer { home.cleanUp() }
        let data = home.path + "/data"
        let server = try RunningProcess(marks, ["serve", "--port", "0", "--data", data], environment: Self.environment(home))
        // `marks serve` prints its URL first; read up to that line.
        let firstLines = await server.output(containing: "/api/")
        let port = try #require(firstLines.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression)
            .flatMap { Int(firstLines[$0].split(separator: ":").last ?? "") })
        let token = try String(contentsOfFile: data + "/api_token", encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(token.count == 40)
        #expect(!firstLines.contains(token))
        let health = try await RawHTTP.exchange(port: port, "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(health.text == #"{"version": "1.46.2", "status": "healthy"}"#)
        let body = #"{"url": "https://example.com/served", "title": "Served"}"#
        let created = try await RawHTTP.exchange(port: port, """
            POST /api/bookmarks/?disable_scraping HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\
            Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)
            """)
        #expect(created.status == 201)
        let refused = try await RawHTTP.exchange(port: port, "GET /api/tags/?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token \(String(token.reversed()))\r\nConnection: close\r\n\r\n")
        #expect(refused.status == 401)
        let list = try await RawHTTP.exchange(port: port, "GET /api/bookmarks/?q=served HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token \(token)\r\nConnection: close\r\n\r\n")
        #expect(list.text.contains(#""title":"Served""#))
        let ending = await server.stop()
        let (out, err) = (ending.stdout, ending.stderr)
        #expect(err.contains(#""path":"/api/bookmarks/","status":201"#))
        #expect(err.contains(#""path":"/api/tags/","status":401"#))
        #expect(!out.contains(token) && !err.contains(token), "the token must never be printed or logged")
        #expect(!err.contains(String(token.reversed())), "nor a wrong one")
    }
}
