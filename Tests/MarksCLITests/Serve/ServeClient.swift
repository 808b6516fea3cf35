import Foundation
import HTTPClient
import Synchronization

/// A browser's part of a conversation with a running `marks serve`, over real HTTP: the session cookie, the CSRF
/// token, forms posted the way a page posts them. Redirects are not followed (the tests look at them).
final class ServeClient: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let base: String
    private let http = HTTPClient(name: "marks-serve-test")
    private let session = SessionState()

    init(port: Int) {
        base = "http://127.0.0.1:\(port)"
    }

    /// Opens a one-time sign-in link, keeps the session cookie and reads the CSRF token from a page.
    func signIn(_ link: String) async throws {
        let opened = try await get(String(link.dropFirst(base.count)))
        guard opened.status == 303, let cookie = opened.header("Set-Cookie")?.split(separator: ";").first else {
            throw Failure(description: "sign-in answered \(opened.status)")
        }
        session.set(cookie: String(cookie), csrf: nil)
        let page = Self.text(try await get("/settings"))
        guard let range = page.range(of: #"name="csrf-token" content="[^"]+""#, options: .regularExpression) else {
            throw Failure(description: "no CSRF token on the settings page")
        }
        session.set(cookie: String(cookie), csrf: String(page[range].split(separator: "\"")[3]))
    }

    /// The session cookie (`name=value`) and CSRF token, for a request made by hand.
    var credentials: (cookie: String?, csrf: String?) { session.values }

    func get(_ path: String, headers: [HTTPHeaderField] = []) async throws -> HTTPClientResponse {
        try await send("GET", path, headers: headers, body: nil)
    }

    /// Posts `fields` as a form (`application/x-www-form-urlencoded`) with the session's CSRF token.
    func post(_ path: String, _ fields: [(String, String)]) async throws -> HTTPClientResponse {
        let body = fields.map { Self.encode($0.0) + "=" + Self.encode($0.1) }.joined(separator: "&")
        return try await send("POST", path, headers: [HTTPHeaderField(name: "Content-Type", value: "application/x-www-form-urlencoded")],
                              body: Data(body.utf8))
    }

    /// A request with the session cookie and CSRF token (when signed in) and `headers`.
    func send(_ method: String, _ path: String, headers: [HTTPHeaderField], body: Data?) async throws -> HTTPClientResponse {
        guard let url = URL(string: base + path) else { throw Failure(description: "not a path: \(path)") }
        var request = HTTPClientRequest(method: method, url: url, headers: headers, body: body, usesProxy: false)
        let (cookie, csrf) = session.values
        if let cookie { request.setHeader("Cookie", cookie) }
        if let csrf, method != "GET" { request.setHeader("X-CSRF-Token", csrf) }
        return try await http.send(request)
    }

    static func text(_ response: HTTPClientResponse) -> String {
        String(decoding: response.body, as: UTF8.self)
    }

    private static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    private final class SessionState: Sendable {
        private let state = Mutex<(cookie: String?, csrf: String?)>((nil, nil))

        var values: (String?, String?) { state.withLock { ($0.cookie, $0.csrf) } }

        func set(cookie: String, csrf: String?) { state.withLock { $0 = (cookie, csrf) } }
    }
}
