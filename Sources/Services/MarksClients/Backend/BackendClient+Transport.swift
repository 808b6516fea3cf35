import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension BackendClient {
    /// POSTs to `path`, retrying per `retry` after network failures, timeouts, 502/503/504 and 429s with a
    /// short enough `Retry-After`. Returns the last answer (any status) or throws when nothing answered.
    func send(_ path: String, body: Data, headers: [String: String], retry: RetryPolicy) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: endpoint(path))
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let timeout = configuration.timeout
        request.timeoutInterval = TimeInterval(Self.seconds(timeout) + 1)
        let prepared = request
        var attempt = 1
        while true {
            let transport = transport
            let outcome: Result<(Data, HTTPURLResponse), BackendClientError>
            do {
                outcome = .success(try await Deadline.run(after: timeout, sleep: sleep) { try await transport.send(prepared) })
            } catch is Deadline.Expired {
                outcome = .failure(.timeout(url: configuration.baseURL.absoluteString, seconds: Self.seconds(timeout)))
            } catch let error as URLError where error.code == .cancelled {
                throw CancellationError()
            } catch is CancellationError {
                throw CancellationError()
            } catch let error as URLError where error.code == .timedOut {
                outcome = .failure(.timeout(url: configuration.baseURL.absoluteString, seconds: Self.seconds(timeout)))
            } catch {
                outcome = .failure(.unreachable(url: configuration.baseURL.absoluteString, reason: Self.reason(error)))
            }
            var wait = retry.delay(beforeRetry: attempt)
            switch outcome {
            case .failure(let error):
                guard attempt < retry.maximumAttempts else { throw error }
            case .success(let (data, response)):
                switch response.statusCode {
                case 502, 503, 504:
                    guard attempt < retry.maximumAttempts else { return (data, response) }
                case 429:
                    let retryAfter = response.value(forHTTPHeaderField: "Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                    guard attempt < retry.maximumAttempts else { return (data, response) }
                    if let retryAfter {
                        guard .seconds(retryAfter) <= retry.maximumRetryAfter else { return (data, response) }
                        wait = .seconds(max(0, retryAfter))
                    }
                default:
                    return (data, response)
                }
            }
            try await sleep(wait)
            attempt += 1
        }
    }

    /// Throws the `BackendClientError` for a non-2xx answer.
    static func requireSuccess(_ data: Data, _ response: HTTPURLResponse) throws {
        let status = response.statusCode
        guard !(200..<300).contains(status) else { return }
        let message = errorMessage(data, status: status)
        switch status {
        case 401: throw BackendClientError.unauthorized(message)
        case 429:
            let retryAfter = response.value(forHTTPHeaderField: "Retry-After").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            throw BackendClientError.rateLimited(retryAfter: retryAfter, message: message)
        case 400..<500:
            guard hasErrorBody(data) else {
                throw BackendClientError.malformedResponse("HTTP \(status) without the backend's {\"error\": …}")
            }
            throw BackendClientError.rejected(status: status, message: message)
        default:
            throw BackendClientError.server(status: status, message: message)
        }
    }

    /// The backend's `error` message, or a short excerpt of the body.
    static func errorMessage(_ data: Data, status: Int) -> String {
        if let body = try? JSONDecoder().decode(BackendWire.ErrorBody.self, from: data) { // safe: a body that is not {"error"} is quoted instead
            return String(body.error.prefix(500))
        }
        let text = String(decoding: data.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
        return text.isEmpty || text.hasPrefix("<") ? HTTPURLResponse.localizedString(forStatusCode: status) : text
    }

    private static func hasErrorBody(_ data: Data) -> Bool {
        (try? JSONDecoder().decode(BackendWire.ErrorBody.self, from: data)) != nil // safe: only asks whether the body has that shape
    }

    /// The backend root with `path` appended (any path prefix of the root kept).
    func endpoint(_ path: String) -> URL {
        var root = configuration.baseURL.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        return URL(string: root + path) ?? configuration.baseURL // safe: a valid root plus a fixed ASCII path is a valid URL
    }

    static func reason(_ error: any Error) -> String {
        guard let error = error as? URLError else { return String(describing: error).prefix(200).description }
        switch error.code {
        case .cannotConnectToHost: return "connection refused"
        case .cannotFindHost, .dnsLookupFailed: return "the host name could not be resolved"
        case .networkConnectionLost: return "the connection was lost"
        case .notConnectedToInternet: return "there is no network connection"
        default: return error.localizedDescription
        }
    }

    static func seconds(_ duration: Duration) -> Int {
        let (whole, fraction) = duration.components
        return Int(whole) + (fraction > 0 ? 1 : 0)
    }
}
