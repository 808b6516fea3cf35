import Foundation
import HTTPClient
import SystemSupport

/// The HTTP part every provider client shares (the language models' and the speech voices'): POST a JSON body
/// with a deadline, honour one `Retry-After` on 429 (`ProviderSettings.retry`), and turn statuses and network
/// failures into `ProviderError`s with the key scrubbed out.
struct ProviderHTTP: Sendable {
    /// How long one request may take.
    let timeout: Duration
    let retry: RetryPolicy
    /// The key, scrubbed from every message.
    let apiKey: String?
    let transport: HTTPTransport
    let sleep: @Sendable (Duration) async throws -> Void

    init(timeout: Duration, retry: RetryPolicy, apiKey: String?, transport: HTTPTransport,
         sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.timeout = timeout
        self.retry = retry
        self.apiKey = apiKey
        self.transport = transport
        self.sleep = sleep
    }

    init(settings: ProviderSettings, transport: HTTPTransport, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.init(timeout: settings.timeout, retry: settings.retry, apiKey: settings.apiKey, transport: transport, sleep: sleep)
    }

    /// The 2xx body of a POST of `body` to `url`; `errorMessage` reads the provider's error format.
    func post(_ url: URL, headers: [String: String], body: Data,
              errorMessage: @Sendable (Data) -> String?) async throws(ProviderError) -> Data {
        try await exchange(url, headers: headers, body: body, errorMessage: errorMessage).body
    }

    /// The 2xx answer to a POST of `body` to `url` (headers and body; a body over `maxBodyBytes` fails as
    /// malformed); `headers` may replace the JSON `Accept`.
    func exchange(_ url: URL, headers: [String: String], body: Data, maxBodyBytes: Int? = nil,
                  errorMessage: @Sendable (Data) -> String?) async throws(ProviderError) -> HTTPClientResponse {
        var request = HTTPClientRequest(method: "POST", url: url, body: body, timeout: timeout + .seconds(1))
        request.setHeader("Content-Type", "application/json")
        request.setHeader("Accept", "application/json")
        request.maxBodyBytes = maxBodyBytes
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request.setHeader(name, value) }
        var attempt = 1
        while true {
            let response = try await send(request)
            let status = response.status
            let data = response.body
            if (200..<300).contains(status) {
                if response.truncated { throw .malformedResponse("the answer is longer than \(maxBodyBytes ?? 0) bytes") }
                return response
            }
            let wait = try failure(status: status, retryAfter: response.header("Retry-After"), body: data, attempt: attempt,
                                   errorMessage: errorMessage)
            attempt += 1
            do {
                try await sleep(wait)
            } catch {
                throw .rateLimited(retryAfter: RetryAfter.seconds(wait))
            }
        }
    }

    /// The error a non-2xx answer means, or — for a 429 whose `Retry-After` may be honoured on this attempt —
    /// how long to wait before sending again.
    func failure(status: Int, retryAfter: String?, body data: Data, attempt: Int,
                 errorMessage: @Sendable (Data) -> String?) throws(ProviderError) -> Duration {
        let message = scrub(errorMessage(data) ?? Self.snippet(data, status: status))
        switch status {
        case 401, 403:
            throw .unauthorized(message)
        case 429:
            let wait = RetryAfter.parse(retryAfter)
            guard attempt < retry.maxAttempts, let wait, wait <= retry.maximumRetryAfter else {
                throw .rateLimited(retryAfter: wait.map(RetryAfter.seconds))
            }
            return wait
        case 503, 529:
            throw .overloaded(status: status)
        default:
            throw .server(status: status, message: message)
        }
    }

    private func send(_ request: HTTPClientRequest) async throws(ProviderError) -> HTTPClientResponse {
        let transport = transport
        do {
            return try await Deadline.run(after: timeout, sleep: sleep) { try await transport.send(request) }
        } catch is Deadline.Expired {
            throw .timeout(seconds: RetryAfter.seconds(timeout))
        } catch HTTPClientError.timedOut {
            throw .timeout(seconds: RetryAfter.seconds(timeout))
        } catch let error as HTTPClientError {
            throw .unreachable(scrub(error.reason))
        } catch {
            throw .unreachable(scrub(String(describing: error)))
        }
    }

    /// `text` with the key replaced, cut to 300 characters.
    func scrub(_ text: String) -> String {
        var cleaned = text
        if let key = apiKey, key.count >= 4 { cleaned = cleaned.replacingOccurrences(of: key, with: "[key]") }
        return String(cleaned.prefix(300))
    }

    /// A short, single-line excerpt of a body, or the status's reason phrase.
    static func snippet(_ data: Data, status: Int) -> String {
        let text = String(decoding: data.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
        return text.isEmpty || text.hasPrefix("<") ? HTTPReasonPhrase.of(status) : text
    }
}
