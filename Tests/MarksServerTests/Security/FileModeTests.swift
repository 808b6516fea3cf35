import Foundation
import MarksTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// File modes (issue 16, fix 3): `marks serve` keeps its data directory's files to its user — the databases and
/// their `-wal`/`-shm`, the secrets (API token, web secret, JWT signing key) — and warns when the directory is open.
@Suite struct FileModeTests {
    @Test(.enabled(if: ServeBinaryTests.executable != nil, "skipped: the marks executable is not built"))
    func serveKeepsEveryFileToItsUser() async throws {
        let marks = try #require(ServeBinaryTests.executable)
        let home = try TemporaryDirectory(prefix: "marks-modes")
        defer { home.cleanUp() }
        let data = home.path + "/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let server = try RunningProcess(marks, ["serve", "--port", "0", "--data", data], environment: ServeBinaryTests.environment(home))
        let firstLines = await server.output(containing: "/api/")
        let port = try #require(firstLines.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression)
            .flatMap { Int(firstLines[$0].split(separator: ":").last ?? "") })
        let token = try String(contentsOfFile: data + "/api_token", encoding: .utf8).trimmingCharacters(in: .newlines)
        let body = #"{"url": "https://example.com/modes", "title": "Modes"}"#
        let created = try await RawHTTP.exchange(port: port, """
            POST /api/bookmarks/?disable_scraping HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token \(token)\r\n\
            Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)
            """)
        #expect(created.status == 201)
        // While it runs, with the WAL in use: no file in the data directory is open to others.
        var open: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: data)
        var seen: Set<String> = []
        while let name = enumerator?.nextObject() as? String {
            var info = stat()
            guard lstat(data + "/" + name, &info) == 0 else { continue }
            seen.insert(name)
            if info.st_mode & 0o077 != 0, (info.st_mode & S_IFMT) == S_IFREG { open.append("\(name) \(String(info.st_mode & 0o777, radix: 8))") }
        }
        #expect(open.isEmpty, "files open to other users: \(open)")
        for name in ["marks.sqlite", "marks.sqlite-wal", "api_token", "web_secret", "jwt_signing_key"] {
            #expect(seen.contains(name), "\(name) was not created")
        }
        let ending = await server.stop()
        #expect(ending.stderr.contains("is open to other users (mode 755)"), "\(ending.stderr)")
    }
}
