import MarksTestSupport
import Foundation
import Testing
@testable import HTTPServer

@Suite struct StaticFilesTests {
    static let alphabet = "abcdefghijklmnopqrstuvwxyz"

    static func site() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("index.html", "<h1>home</h1>")
        try directory.write("css/app.css", "body{}")
        try directory.write("js/app.mjs", "export {}")
        try directory.write("letters.txt", alphabet)
        try directory.write("manifest.webmanifest", "{}")
        try directory.write("ep.mp3", Data(repeating: 0xFF, count: 3000))
        try directory.write(".env", "SECRET=1")
        try directory.write("empty.txt", "")
        return directory
    }

    static func get(_ files: StaticFiles, _ target: String, method: HTTPMethod = .get, headers: HTTPHeaders = HTTPHeaders())
        async throws -> HTTPResponse {
        try await files.respond(to: HTTPRequest(method: method, target: target, headers: headers))
    }

    @Test(arguments: [
        ("/", "text/html; charset=utf-8"), ("/index.html", "text/html; charset=utf-8"),
        ("/css/app.css", "text/css; charset=utf-8"), ("/js/app.mjs", "text/javascript; charset=utf-8"),
        ("/letters.txt", "text/plain; charset=utf-8"), ("/manifest.webmanifest", "application/manifest+json"),
        ("/ep.mp3", "audio/mpeg"),
    ])
    func contentTypes(target: String, type: String) async throws {
        let site = try Self.site()
        defer { site.cleanUp() }
        let response = try await Self.get(StaticFiles(root: site.path), target)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == type)
        #expect(response.headers["Accept-Ranges"] == "bytes")
        #expect(response.headers["Cache-Control"] == "no-cache")
        #expect(response.headers["ETag"] != nil)
        #expect(response.headers["Last-Modified"] != nil)
    }

    @Test func conditionalRequests() async throws {
        let site = try Self.site()
        defer { site.cleanUp() }
        let files = StaticFiles(root: site.path, cacheControl: "public, max-age=60")
        let first = try await Self.get(files, "/letters.txt")
        let etag = try #require(first.headers["ETag"])
        let modified = try #require(first.headers["Last-Modified"])
        #expect(first.headers["Cache-Control"] == "public, max-age=60")

        let byTag = try await Self.get(files, "/letters.txt", headers: ["If-None-Match": "\"other\", W/\(etag)"])
        #expect(byTag.status == 304)
        #expect(byTag.body == .empty)
        #expect(byTag.headers["ETag"] == etag)
        #expect(try await Self.get(files, "/letters.txt", headers: ["If-None-Match": "*"]).status == 304)
        #expect(try await Self.get(files, "/letters.txt", headers: ["If-None-Match": "\"stale\""]).status == 200)

        #expect(try await Self.get(files, "/letters.txt", headers: ["If-Modified-Since": modified]).status == 304)
        #expect(try await Self.get(files, "/letters.txt", headers: ["If-Modified-Since": "Thu, 01 Jan 1970 00:00:00 GMT"]).status == 200)
        #expect(try await Self.get(files, "/letters.txt", headers: ["If-Modified-Since": "not a date"]).status == 200)
        // If-None-Match wins over If-Modified-Since.
        let both: HTTPHeaders = ["If-None-Match": "\"stale\"", "If-Modified-Since": modified]
        #expect(try await Self.get(files, "/letters.txt", headers: both).status == 200)
    }

    @Test(arguments: [
        ("bytes=0-4", 206, "bytes 0-4/26", "abcde"),
        ("bytes=20-", 206, "bytes 20-25/26", "uvwxyz"),
        ("bytes=-3", 206, "bytes 23-25/26", "xyz"),
        ("bytes=24-1000", 206, "bytes 24-25/26", "yz"),
        ("bytes=26-", 416, "bytes */26", ""),
        ("bytes=-0", 416, "bytes */26", ""),
        ("bytes=0-1,1-4", 206, "bytes 0-4/26", "abcde"),  // overlapping ranges are merged
        ("bytes=0-1,30-40", 206, "bytes 0-1/26", "ab"),  // a range past the end is dropped
        ("lines=1-2", 200, nil, alphabet),
    ] as [(String, Int, String?, String)])
    func ranges(range: String, status: Int, contentRange: String?, body: String) async throws {
        let site = try Self.site()
        defer { site.cleanUp() }
        let response = try await Self.get(StaticFiles(root: site.path), "/letters.txt", headers: ["Range": range])
        #expect(response.status == status)
        #expect(response.headers["Content-Range"] == contentRange)
        switch response.body {
        case .file(let path, let bytes):
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(String(decoding: data[Int(bytes.lowerBound)..<Int(bytes.upperBound)], as: UTF8.self) == body)
        case .empty:
            #expect(body.isEmpty)
        case .bytes, .segments, .stream:
            Issue.record("files are never read into memory, and one range is one part")
        }
    }

    @Test func ifRangeGuardsAgainstChangedFiles() async throws {
        let site = try Self.site()
        defer { site.cleanUp() }
        let files = StaticFiles(root: site.path)
        let etag = try #require(try await Self.get(files, "/letters.txt").headers["ETag"])
        #expect(try await Self.get(files, "/letters.txt", headers: ["Range": "bytes=0-1", "If-Range": etag]).status == 206)
        #expect(try await Self.get(files, "/letters.txt", headers: ["Range": "bytes=0-1", "If-Range": "\"old\""]).status == 200)
    }

    @Test(arguments: [
        "/../etc/passwd", "/css/../../etc/passwd", "/%2e%2e/etc/passwd", "/css/%2E%2E/%2E%2E/etc/passwd",
        "/..%2Fetc%2Fpasswd", "/.env", "/css/./app.css", "/missing.txt", "/css/", "/css//app.css",
    ])
    func traversalAndHiddenFilesAre404(target: String) async throws {
        let site = try Self.site()
        defer { site.cleanUp() }
        let files = StaticFiles(root: site.path + "/", indexFile: nil)
        await #expect(throws: HTTPError.self) { try await Self.get(files, target) }
    }

    @Test func symlinksOutsideTheRootAre404() async throws {
        let site = try Self.site()
        let outside = try TemporaryDirectory()
        defer { site.cleanUp(); outside.cleanUp() }
        try outside.write("secret.txt", "secret")
        try FileManager.default.createSymbolicLink(atPath: site.path + "/leak.txt", withDestinationPath: outside.path + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: site.path + "/inside.txt", withDestinationPath: site.path + "/letters.txt")
        let files = StaticFiles(root: site.path)
        await #expect(throws: HTTPError(404, "Nothing is found at this address.")) { try await Self.get(files, "/leak.txt") }
        #expect(try await Self.get(files, "/inside.txt").status == 200)
    }

    @Test func onlyGetAndHead() async throws {
        let site = try Self.site()
        defer { site.cleanUp() }
        let files = StaticFiles(root: site.path)
        #expect(try await Self.get(files, "/letters.txt", method: .head).status == 200)
        await #expect(throws: HTTPError(405, "Method \"POST\" not allowed.", headers: ["Allow": "GET, HEAD"])) {
            try await Self.get(files, "/letters.txt", method: .post)
        }
    }

    @Test func prefixAndRouteUse() async throws {
        let site = try Self.site()
        defer { site.cleanUp() }
        let files = StaticFiles(root: site.path, urlPrefix: "/static")
        #expect(try await Self.get(files, "/static/css/app.css").status == 200)
        #expect(try await Self.get(files, "/static").status == 200)
        await #expect(throws: HTTPError.self) { try await Self.get(files, "/css/app.css") }
        var router = Router()
        router.get("/assets/*path") { request in
            try files.serve(relativePath: request.pathParameters["path"] ?? "", for: request)
        }
        let routed = try await router.respond(to: HTTPRequest(method: .get, target: "/assets/css/app.css"))
        #expect(routed.headers["Content-Type"] == "text/css; charset=utf-8")
        #expect(try await router.respond(to: HTTPRequest(method: .get, target: "/assets/%2e%2e/x")).status == 404)
    }

    @Test func liveFilesAreStreamedWithRangesAndHead() async throws {
        let site = try Self.site()
        defer { site.cleanUp() }
        var router = Router()
        router.mount("/", StaticFiles(root: site.path))
        router.get("/podcast/:id/audio") { request in
            try .file(path: site.path + "/ep.mp3", request: request)
        }
        try await withLiveServer(responder: router) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("GET /letters.txt HTTP/1.1\r\nHost: x\r\n\r\n")
            let whole = try await connection.readResponse()
            #expect(whole.text == Self.alphabet)
            #expect(whole.header("Content-Length") == "26")

            await connection.send("GET /letters.txt HTTP/1.1\r\nHost: x\r\nRange: bytes=-3\r\n\r\n")
            let tail = try await connection.readResponse()
            #expect(tail.status == 206)
            #expect(tail.text == "xyz")
            #expect(tail.header("Content-Range") == "bytes 23-25/26")

            await connection.send("HEAD /letters.txt HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try await connection.readResponse(bodyExpected: false)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "26")

            await connection.send("GET /letters.txt HTTP/1.1\r\nHost: x\r\nIf-None-Match: \(whole.header("ETag") ?? "")\r\n\r\n")
            let cached = try await connection.readResponse(bodyExpected: false)
            #expect(cached.status == 304)

            await connection.send("GET /letters.txt HTTP/1.1\r\nHost: x\r\nRange: bytes=40-\r\n\r\n")
            let unsatisfiable = try await connection.readResponse()
            #expect(unsatisfiable.status == 416)
            #expect(unsatisfiable.header("Content-Range") == "bytes */26")

            await connection.send("GET /podcast/7/audio HTTP/1.1\r\nHost: x\r\nRange: bytes=1000-1999\r\n\r\n")
            let audio = try await connection.readResponse()
            #expect(audio.status == 206)
            #expect(audio.header("Content-Type") == "audio/mpeg")
            #expect(audio.body == [UInt8](repeating: 0xFF, count: 1000))

            await connection.send("GET /empty.txt HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readResponse().body.isEmpty)

            for target in ["/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/.env", "/a%00/b"] {
                await connection.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
                let refused = try await connection.readResponse()
                #expect(refused.status == 404 || refused.status == 400)
                #expect(!refused.text.contains("SECRET"))
                #expect(!refused.text.contains("root:"))
            }
        }
    }
}
