import Foundation
import HTTPServer
import MarksCore

/// What `/api/` answers when this Marks reads and writes a remote linkding server: every path is
/// `503 {"detail": …}` naming that server, so a linkding client pointed here learns where to go instead of
/// writing into a separate, empty store that the library never reads.
public struct RemoteLinkdingNotice: HTTPResponder {
    /// The linkding server's address, as shown to the client.
    public let serverURL: String

    /// A notice naming `serverURL`.
    public init(serverURL: String) {
        self.serverURL = serverURL
    }

    /// The sentence every answer carries.
    public var message: String {
        "This Marks uses the linkding server at \(serverURL); point your client there."
    }

    /// Mounts the notice on every `/api/` path (ahead of any catch-all route another part of the app adds).
    public func register(on router: inout Router) {
        for method in [HTTPMethod.get, .post, .put, .patch, .delete, .options] {
            router.add(method, "/api/*rest", responder: self)
        }
        router.mount("/api", self)
    }

    public func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        var response = HTTPResponse.json(data: JSONValue.object([("detail", .string(message))]).data, status: 503)
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
