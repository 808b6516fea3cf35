import Foundation
import MarksTestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import HTTPServer

@Suite struct LiveServerTests {
    struct Echo: Codable, Equatable {
        let title: String
        let tags: [String]
    }

    static var router: Router {
        var router = Router()
        router.get("/json") { _ in try .json(["hello": "wörld/x"]) }
        router.get("/query") { request in
            .text(request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "|"))
        }
        router.get("/path/:value/") { request in .text("\(request.pathParameters["value"] ?? "")|\(request.path)") }
        router.post("/form") { request in .text(try request.form().map { "\($0.name)=\($0.value)" }.joined(separator: "|")) }
        router.post("/api/echo/") { request in try .json(request.decodeJSON(Echo.self), status: 201) }
        router.get("/cookies") { request in
            var response = HTTPResponse.text(request.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";"))
            response.setCookie(SetCookie(name: "seen", value: "1"))
            return response
        }
        router.get("/whoami") { request in .text(request.remoteAddress) }
        router.get("/boom") { _ in throw CocoaError(.fileReadCorruptFile) }
        router.errorRenderer(forPrefix: "/api/", .json(messageKey: "detail"))
        return router
    }

    @Test func answersOverURLSession() async throws {
        try await withLiveServer(responder: Self.router) { _, port in
            let client = TestClient(port: port)
            let json = try await client.send("GET", "/json")
            #expect(json.status == 200)
            #expect(json.header("Content-Type") == "application/json")
            #expect(json.text == #"{"hello":"wörld/x"}"#)

            let form = try await client.send(
                "POST", "/form", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data("a=1+2&b=%2B&a=%E2%82%AC".utf8))
            #expect(form.text == "a=1 2|b=+|a=€")

            let echo = try await client.send(
                "POST", "/api/echo/", headers: ["Content-Type": "application/json"],
                body: Data(#"{"title":"T","tags":["a","b"]}"#.utf8))
            #expect(echo.status == 201)
            #expect(try JSONDecoder().decode(Echo.self, from: echo.body) == Echo(title: "T", tags: ["a", "b"]))

            let bad = try await client.send("POST", "/api/echo/", body: Data("{nope".utf8))
            #expect(bad.status == 400)
            #expect(bad.text == #"{"detail":"JSON parse error - the body is not valid JSON."}"#)

            let cookies = try await client.send("GET", "/cookies", headers: ["Cookie": "b=2; a=1"])
            #expect(cookies.text == "a=1;b=2")
            #expect(cookies.header("Set-Cookie") == "seen=1; Path=/; HttpOnly; SameSite=Lax")

            let who = try await client.send("GET", "/whoami")
            #expect(who.text == "127.0.0.1")

            let boom = try await client.send("GET", "/boom", headers: ["Accept": "application/json"])
            #expect(boom.status == 500)
            #expect(boom.text == #"{"error":"The server hit an internal error."}"#)
        }
    }

    @Test func rawTargetsAreDecodedByTheServer() async throws {
        try await withLiveServer(responder: Self.router) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("GET /query?q=a%2Bb&q=a+b&bad=%zz&t=caf%C3%A9&flag HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readResponse().text == "q=a+b|q=a b|bad=%zz|t=café|flag=")
            await connection.send("GET /path/caf%C3%A9%20ol%C3%A9/ HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readResponse().text == "café olé|/path/café olé/")
            await connection.send("GET /path/a b/ HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readResponse().text == "a b|/path/a b/")
            await connection.send("GET /path/%zz/ HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readResponse().status == 400)
            await connection.send("GET /path/a%00b/ HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readResponse().status == 400)
            await connection.send("GET /nothing HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await connection.readResponse().status == 404)
        }
    }

    @Test func accessLogHasNoQueryAndNoHeaders() async throws {
        let (entries, sink) = AsyncStream.makeStream(of: AccessLogEntry.self)
        var configuration = HTTPServer.Configuration()
        configuration.accessLog = { sink.yield($0) }
        try await withLiveServer(configuration, responder: Self.router) { _, port in
            let connection = try RawConnection(port: port)
            await connection.send("GET /query?token=SECRET HTTP/1.1\r\nHost: x\r\nAuthorization: Token SECRET\r\n\r\n")
            let response = try await connection.readResponse()
            await connection.send("HEAD /json HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try await connection.readResponse(bodyExpected: false)
            var iterator = entries.makeAsyncIterator()
            let first = try #require(await iterator.next())
            #expect(first.method == "GET")
            #expect(first.path == "/query")
            #expect(first.status == 200)
            #expect(first.responseBytes == UInt64(response.body.count))
            #expect(first.remoteAddress == "127.0.0.1")
            #expect(first.completed)
            #expect(first.duration >= .zero)
            #expect(!"\(first)".contains("SECRET"))
            let second = try #require(await iterator.next())
            #expect(second.method == "HEAD")
            #expect(second.responseBytes == 0)
        }
    }

    @Test func manyConcurrentRequests() async throws {
        var router = Router()
        router.get("/n/:n") { request in
            await Task.yield()
            return .text(request.pathParameters["n"] ?? "")
        }
        try await withLiveServer(responder: router) { _, port in
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = 32
            let session = URLSession(configuration: configuration)
            defer { session.finishTasksAndInvalidate() }
            let client = TestClient(port: port)
            let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for n in 0..<200 {
                    group.addTask { (n, try await client.send("GET", "/n/\(n)", session: session).text) }
                }
                return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
            }
            #expect(bodies.count == 200)
            #expect(bodies.allSatisfy { String($0.key) == $0.value })
        }
    }

    @Test func largeBodiesBothWays() async throws {
        var router = Router()
        router.post("/upload") { request in .text("\(request.body.count) \(request.body.last ?? 0)") }
        router.get("/download") { _ in HTTPResponse(body: .bytes(Data(repeating: 42, count: 5_000_000))) }
        router.get("/headers") { request in .text("\(request.headers["X-Long"]?.count ?? 0)") }
        try await withLiveServer(responder: router) { _, port in
            let client = TestClient(port: port)
            var upload = Data(repeating: 1, count: 3_000_000)
            upload.append(9)
            #expect(try await client.send("POST", "/upload", body: upload).text == "3000001 9")
            let download = try await client.send("GET", "/download")
            #expect(download.body.count == 5_000_000)
            #expect(download.body.allSatisfy { $0 == 42 })
            let long = String(repeating: "h", count: 12_000)
            #expect(try await client.send("GET", "/headers", headers: ["X-Long": long]).text == "12000")
        }
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
        try await withLiveServer(responder: Self.router) { _, port in
            let connection = try RawConnection(port: port)
            for _ in 0..<3 {
                await connection.send("GET /json HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try await connection.readResponse().status == 200)
            }
            await connection.send("GET /json HTTP/1.0\r\n\r\n")
            #expect(try await connection.readResponse().status == 200)
            #expect(await connection.waitForClose().closed)
        }
    }

    @Test func ipv6Loopback() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.host = "::1"
        let server = HTTPServer(configuration: configuration, responder: Self.router)
        let port: Int
        do {
            port = try server.start()
        } catch .invalidHost {
            return  // no IPv6 on this machine
        }
        let connection = try RawConnection(port: port, host: "::1")
        await connection.send("GET /whoami HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try await connection.readResponse().text == "::1")
        await server.stop()
    }

    @Test func startErrorsSayWhatIsWrong() async throws {
        try await withLiveServer(responder: Self.router) { _, port in
            var taken = HTTPServer.Configuration()
            taken.port = port
            #expect(throws: HTTPServerError.portInUse(host: "127.0.0.1", port: port)) {
                try HTTPServer(configuration: taken, responder: Self.router).start()
            }
        }
        for host in ["example.com", "300.1.1.1", "", "127.0.0.1; rm"] {
            var configuration = HTTPServer.Configuration()
            configuration.host = host
            #expect(throws: HTTPServerError.invalidHost(host)) {
                try HTTPServer(configuration: configuration, responder: Self.router).start()
            }
        }
        var configuration = HTTPServer.Configuration()
        configuration.port = 70000
        #expect(throws: HTTPServerError.self) { try HTTPServer(configuration: configuration, responder: Self.router).start() }
        let server = HTTPServer(responder: Self.router)
        _ = try server.start()
        #expect(throws: HTTPServerError.alreadyRunning) { try server.start() }
        #expect(server.port != nil)
        await server.stop()
        #expect(server.port == nil)
        #expect(HTTPServerError.portInUse(host: "127.0.0.1", port: 80).description.contains("already in use"))
    }
}
