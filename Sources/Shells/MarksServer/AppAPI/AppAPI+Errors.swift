import HTTPServer

extension AppAPI {
    /// Runs a handler, turning what it throws into an HTTP error through the one mapping (`HTTPFailure`: the status,
    /// `Retry-After` on 429, `WWW-Authenticate` on 401); an unexpected error stays as it is, a 500 the router logs.
    func handle(_ body: () async throws -> HTTPResponse) async throws -> HTTPResponse {
        do {
            return try await body()
        } catch {
            throw HTTPFailure.rethrowable(error)
        }
    }
}
