import Foundation
import Testing
@testable import HTTPServer

@Suite struct RouterTests {
    struct Failure: Error {}

    struct NotYours: HTTPResponseError {
        var status: Int { 403 }
        var message: String { "Not yours." }
    }

    static func request(_ method: HTTPMethod, _ target: String, headers: HTTPHeaders = HTTPHeaders()) throws -> HTTPRequest {
        try HTTPRequest(method: method, target: target, headers: headers)
    }

    static func text(_ response: HTTPResponse) -> String {
        if case .bytes(let data) = response.body { return String(decoding: data, as: UTF8.self) }
        return ""
    }

    static var sample: Router {
        var router = Router()
        router.get("/api/bookmarks/") { _ in .text("list") }
        router.post("/api/bookmarks/") { _ in .text("create") }
        router.get("/api/bookmarks/:id/") { .text("get \($0.pathParameters["id"] ?? "?")") }
        router.delete("/api/bookmarks/:id/") { .text("delete \($0.pathParameters["id"] ?? "?")") }
        router.get("/api/bookmarks/archived/") { _ in .text("archived") }
        router.get("/api/tags/:name/bookmarks/:id/") { .text("\($0.pathParameters["name"] ?? "")|\($0.pathParameters["id"] ?? "")") }
        router.get("/static/*path") { .text("static \($0.pathParameters["path"] ?? "")") }
        router.get("/health") { _ in .text("ok") }
        router.get("/boom") { _ in throw Failure() }
        router.get("/api/boom/") { _ in throw Failure() }
        router.get("/api/mine/") { _ in throw NotYours() }
        router.get("/v1/teapot") { _ in throw HTTPError(418, "Short and stout.") }
        router.errorRenderer(forPrefix: "/api/", .json(messageKey: "detail"))
        router.errorRenderer(forPrefix: "/v1/", .json())
        router.defaultErrorRenderer(.html)
        return router
    }

    @Test(arguments: [
        ("GET", "/api/bookmarks/", 200, "list"),
        ("POST", "/api/bookmarks/", 200, "create"),
        ("GET", "/api/bookmarks/42/", 200, "get 42"),
        ("DELETE", "/api/bookmarks/42/", 200, "delete 42"),
        ("GET", "/api/bookmarks/archived/", 200, "archived"),
        ("GET", "/api/tags/caf%C3%A9/bookmarks/7/", 200, "café|7"),
        ("GET", "/api/tags/a%2Fb/bookmarks/7/", 200, "a/b|7"),
        ("GET", "/static/css/app.css", 200, "static css/app.css"),
        ("GET", "/static/", 200, "static "),
        ("GET", "/health", 200, "ok"),
        ("HEAD", "/health", 200, "ok"),
    ])
    func routes(method: String, target: String, status: Int, body: String) async throws {
        let response = try await Self.sample.respond(to: Self.request(HTTPMethod(method), target))
        #expect(response.status == status)
        #expect(Self.text(response) == body)
    }

    @Test(arguments: ["/api/bookmarks/42", "/api/bookmarks//", "/api/nothing/", "/api/health", "/api/bookmarks/1/2/"])
    func notFoundRendersPerFamily(target: String) async throws {
        let response = try await Self.sample.respond(to: Self.request(.get, target))
        #expect(response.status == 404)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(Self.text(response) == #"{"detail":"Nothing is found at this address."}"#)
    }

    @Test func notFoundOutsideAPIIsHTML() async throws {
        let response = try await Self.sample.respond(to: Self.request(.get, "/nowhere/<script>"))
        #expect(response.status == 404)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(Self.text(response).contains("<h1>404 Not Found</h1>"))
    }

    @Test func methodNotAllowedListsAllowedMethods() async throws {
        let response = try await Self.sample.respond(to: Self.request(.put, "/api/bookmarks/3/"))
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "DELETE, GET, HEAD")
        #expect(Self.text(response) == #"{"detail":"Method \"PUT\" not allowed."}"#)
    }

    @Test func unexpectedErrorsBecomeGeneric500sAndAreReported() async throws {
        let reported = Locked<[String]>([])
        var router = Self.sample
        router.onUnexpectedError { error, request in reported.withLock { $0.append("\(type(of: error)) \(request.path)") } }
        let html = try await router.respond(to: Self.request(.get, "/boom"))
        #expect(html.status == 500)
        #expect(Self.text(html).contains("The server hit an internal error."))
        #expect(!Self.text(html).contains("Failure"))
        let json = try await router.respond(to: Self.request(.get, "/api/boom/"))
        #expect(json.status == 500)
        #expect(Self.text(json) == #"{"detail":"The server hit an internal error."}"#)
        let mine = try await router.respond(to: Self.request(.get, "/api/mine/"))
        #expect(mine.status == 403)
        #expect(Self.text(mine) == #"{"detail":"Not yours."}"#)
        let teapot = try await router.respond(to: Self.request(.get, "/v1/teapot"))
        #expect(teapot.status == 418)
        #expect(Self.text(teapot) == #"{"error":"Short and stout."}"#)
        #expect(reported.withLock { $0 } == ["Failure /boom", "Failure /api/boom/"])
    }

    @Test func automaticRendererFollowsAccept() async throws {
        let router = Router()
        let json = try await router.respond(to: Self.request(.get, "/x", headers: ["Accept": "application/json"]))
        #expect(json.headers["Content-Type"] == "application/json")
        let html = try await router.respond(to: Self.request(.get, "/x", headers: ["Accept": "text/html,application/json"]))
        #expect(html.headers["Content-Type"] == "text/html; charset=utf-8")
    }

    @Test func errorHeadersReachTheResponse() async throws {
        var router = Router()
        router.get("/api/private/") { _ in
            throw HTTPError(401, "Invalid token.", headers: ["WWW-Authenticate": "Token"])
        }
        router.errorRenderer(forPrefix: "/api/") { error, _ in
            let resolved = error as? HTTPError ?? HTTPError(500)
            return HTTPResponse(status: resolved.status, headers: resolved.headers, body: .bytes(Data("custom".utf8)))
        }
        let response = try await router.respond(to: Self.request(.get, "/api/private/"))
        #expect(response.status == 401)
        #expect(response.headers["WWW-Authenticate"] == "Token")
        #expect(Self.text(response) == "custom")
    }

    @Test func mountedRespondersByLongestPrefix() async throws {
        var router = Router()
        router.mount("/assets", ResponderFunction { .text("assets \($0.path)") })
        router.mount("/assets/special/", ResponderFunction { _ in .text("special") })
        router.get("/assets/exact") { _ in .text("route wins") }
        #expect(Self.text(try await router.respond(to: Self.request(.get, "/assets/a.css"))) == "assets /assets/a.css")
        #expect(Self.text(try await router.respond(to: Self.request(.get, "/assets"))) == "assets /assets")
        #expect(Self.text(try await router.respond(to: Self.request(.get, "/assets/special/x"))) == "special")
        #expect(Self.text(try await router.respond(to: Self.request(.get, "/assets/exact"))) == "route wins")
        #expect(try await router.respond(to: Self.request(.get, "/assetsX")).status == 404)
    }

    @Test func explicitHeadRouteBeatsGet() async throws {
        var router = Router()
        router.get("/x") { _ in .text("get") }
        router.add(.head, "/x") { _ in .text("head") }
        #expect(Self.text(try await router.respond(to: Self.request(.head, "/x"))) == "head")
        #expect(Self.text(try await router.respond(to: Self.request(.get, "/x"))) == "get")
    }
}
