import Foundation
import HTTPClient
import SystemSupport

extension AppAPIClient {
    /// POSTs `body` to `path` (GETs it when `body` is nil), retrying per `retry` after network failures, timeouts,
    /// 502/503/504 and 429s with a short enough `Retry-After`. Returns the last answer (any status) or throws when
    /// nothing answered. `maxBodyBytes` caps the answer read (nil: the client's default).
    func send(_ path: String, body: Data?, headers: [String: String], retry: RetryPolicy,
              maxBodyBytes: Int? = nil) async throws -> HTTPClientResponse {
        let timeout = configuration.timeout
        var request = HTTPClientRequest(method: body == nil ? "GET" : "POST", url: endpoint(path), body: body,
                                        timeout: timeout + .seconds(1), maxBodyBytes: maxBodyBytes)
        if body != nil { request.setHeader("Content-Type", "application/json") }
        request.setHeader("Accept", "application/json")
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request.setHeader(name, value) }
        let prepared = request
        var attempt = 1
        while true {
            let transport = transport
            let outcome: Result<HTTPClientResponse, AppAPIClientError>
            do {
                outcome = .success(try await Deadline.run(after: timeout, sleep: sleep) { try await transport.send(prepared) })
            } catch is Deadline.Expired {
                outcome = .failure(.timeout(url: configuration.baseURL.absoluteString, seconds: RetryAfter.seconds(timeout)))
            } catch is CancellationError {
                throw CancellationError()
            } catch HTTPClientError.timedOut {
                outcome = .failure(.timeout(url: configuration.baseURL.absoluteString, seconds: RetryAfter.seconds(timeout)))
            } catch {
                outcome = .failure(.unreachable(url: configuration.baseURL.absoluteString, reason: Self.reason(error)))
            }
            var wait = retry.delay(beforeRetry: attempt)
            switch outcome {
            case .failure(let error):
                guard attempt < retry.maxAttempts else { throw error }
            case .success(let response):
                switch response.status {
                case 502, 503, 504:
                    guard attempt < retry.maxAttempts else { return response }
                case 429:
                    guard attempt < retry.maxAttempts else { return response }
                    if let retryAfter = RetryAfter.parse(response.header("Retry-After")) {
                        guard retryAfter <= retry.maximumRetryAfter else { return response }
                        wait = retryAfter
                    }
                default:
                    return response
                }
            }
            try await sleep(wait)
            attempt += 1
        }
    }

    /// Throws the `AppAPIClientError` for a non-2xx answer.
    static func requireSuccess(_ response: HTTPClientResponse) throws {
        let status = response.status
        let data = response.body
        guard !(200..<300).contains(status) else { return }
        let message = errorMessage(data, status: status)
        switch status {
        case 401: throw AppAPIClientError.unauthorized(message)
        case 429:
            let retryAfter = RetryAfter.parse(response.header("Retry-After")).map(RetryAfter.seconds)
            throw AppAPIClientError.rateLimited(retryAfter: retryAfter, message: message)
        case 400..<500:
            guard hasErrorBody(data) else {
                throw AppAPIClientError.malformedResponse("HTTP \(status) without the backend's {\"error\": …}")
            }
            throw AppAPIClientError.rejected(status: status, message: message)
        default:
            throw AppAPIClientError.server(status: status, message: message)
        }
    }

    /// The backend's `error` message, or a short excerpt of the body.
    static func errorMessage(_ data: Data, status: Int) -> String {
        if let body = try? JSONDecoder().decode(AppAPIWire.ErrorBody.self, from: data) { // safe: a body that is not {"error"} is quoted instead
            return String(body.error.prefix(500))
        }
        let text = String(decoding: data.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
        return text.isEmpty || text.hasPrefix("<") ? HTTPReasonPhrase.of(status) : text
    }

    private static func hasErrorBody(_ data: Data) -> Bool {
        (try? JSONDecoder().decode(AppAPIWire.ErrorBody.self, from: data)) != nil // safe: only asks whether the body has that shape
    }

    /// The backend root with `path` appended (any path prefix of the root kept).
    func endpoint(_ path: String) -> URL {
        var root = configuration.baseURL.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        return URL(string: root + path) ?? configuration.baseURL // safe: a valid root plus a fixed ASCII path is a valid URL
    }

    /// A network failure in the words every client uses (`HTTPClientError.reason`).
    static func reason(_ error: any Error) -> String {
        guard let error = error as? HTTPClientError else { return String(describing: error).prefix(200).description }
        return error.reason
    }
}
