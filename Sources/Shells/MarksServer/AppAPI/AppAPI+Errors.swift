import HTTPServer
import MarksAppAPI
import MarksCore
import MarksEngine

extension AppAPI {
    /// Runs a handler, turning the backend's and the engine's errors into HTTP errors with their status
    /// (`Retry-After` on 429, `WWW-Authenticate` on 401); anything else stays a 500 the router logs.
    func handle(_ body: () async throws -> HTTPResponse) async throws -> HTTPResponse {
        do {
            return try await body()
        } catch let error as AppAPIError {
            // Storage failures stay unexpected errors: the router logs the cause and answers a plain 500.
            if case .storage = error { throw error }
            throw Self.httpError(error)
        } catch let error as EngineError {
            throw Self.httpError(error)
        }
    }

    static func httpError(_ error: AppAPIError) -> HTTPError {
        var headers = HTTPHeaders()
        switch error {
        case .rateLimited(let retryAfter, _): headers["Retry-After"] = String(retryAfter)
        case .unauthorized: headers["WWW-Authenticate"] = "Bearer realm=\"marks\""
        default: break
        }
        return HTTPError(error.status, error.message, headers: headers)
    }

    static func httpError(_ error: EngineError) -> HTTPError {
        switch error {
        case .tooManyItems, .tooLong, .missingValue: HTTPError(400, error.description)
        case .embeddingFailed, .cacheFailed: HTTPError(503, error.description)
        }
    }
}
