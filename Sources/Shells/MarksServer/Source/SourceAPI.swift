import HTTPServer

/// `/api/` (and linkding's `/health`) of a server whose source can change: each request is answered by the
/// current source — the embedded store's linkding API, or the 503 naming the remote linkding server.
struct SourceAPI: HTTPResponder {
    let sources: SourceSwitch

    /// Mounts it on the paths the linkding API and the notice answer.
    func register(on router: inout Router) {
        router.add(.get, "/health", responder: self)
        for method in [HTTPMethod.get, .post, .put, .patch, .delete, .options] {
            router.add(method, "/api/*rest", responder: self)
        }
        router.mount("/api", self)
    }

    func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        let served = sources.current
        if let api = served.api { return try await api.respond(to: request) }
        if request.path != "/health", let notice = served.remoteNotice { return try await notice.respond(to: request) }
        throw HTTPError(404, "Not found.")
    }
}
