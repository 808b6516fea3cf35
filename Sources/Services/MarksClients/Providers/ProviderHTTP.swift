import Foundation
import HTTPClient

/// The HTTP part both provider clients share: POST a JSON body with a deadline, honour one `Retry-After`
/// on 429 (`ProviderSettings.retry`), and turn statuses and network failures into `ProviderError`s with the
/// key scrubbed out.
struct ProviderHTTP: Sendable {
    let settings: ProviderSettings
    let transport: HTTPTransport
    let sleep: @Sendable (Duration) async throws -> Void

    /// The 2xx body of a POST of `body` to `url`; `errorMessage` reads the provider's error format.
    func post(_ url: URL, headers: [String: String], body: Data,
              errorMessage: @Sendable (Data) -> String?) async throws(ProviderError) -> Data {
        var request = HTTPClientRequest(method: "POST", url: url, body: body, timeout: settings.timeout + .seconds(1))
        request.setHeader("Content-Type", "application/json")
        request.setHeader("Accept", "application/json")
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request.setHeader(name, value) }
        let retry = settings.retry
        var attempt = 1
        while true {
            let response = try await send(request)
            let status = response.status
            let data = response.body
            if (200..<300).contains(status) { return data }
            let message = scrub(errorMessage(data) ?? Self.snippet(data, status: status))
            switch status {
            case 401, 403:
                throw .unauthorized(message)
            case 429:
                let wait = RetryAfter.parse(response.header("Retry-After"))
                guard attempt < retry.maximumAttempts, let wait, wait <= retry.maximumRetryAfter else {
                    throw .rateLimited(retryAfter: wait.map(RetryAfter.seconds))
                }
                attempt += 1
                do {
                    try await sleep(wait)
                } catch {
                    throw .rateLimited(retryAfter: RetryAfter.seconds(wait))
                }
            case 503, 529:
                throw .overloaded(status: status)
            default:
                throw .server(status: status, message: message)
            }
        }
    }

    private func send(_ request: HTTPClientRequest) async throws(ProviderError) -> HTTPClientResponse {
        let transport = transport
        do {
            return try await Deadline.run(after: settings.timeout, sleep: sleep) { try await transport.send(request) }
        } catch is Deadline.Expired {
            throw .timeout(seconds: RetryAfter.seconds(settings.timeout))
        } catch HTTPClientError.timedOut {
            throw .timeout(seconds: RetryAfter.seconds(settings.timeout))
        } catch let error as HTTPClientError {
            throw .unreachable(scrub(error.reason))
        } catch {
            throw .unreachable(scrub(String(describing: error)))
        }
    }

    /// `text` with the key replaced, cut to 300 characters.
    func scrub(_ text: String) -> String {
        var cleaned = text
        if let key = settings.apiKey, key.count >= 4 { cleaned = cleaned.replacingOccurrences(of: key, with: "[key]") }
        return String(cleaned.prefix(300))
    }

    /// A short, single-line excerpt of a body, or the status's reason phrase.
    static func snippet(_ data: Data, status: Int) -> String {
        let text = String(decoding: data.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
        return text.isEmpty || text.hasPrefix("<") ? HTTPClientResponse.reasonPhrase(status) : text
    }
}
