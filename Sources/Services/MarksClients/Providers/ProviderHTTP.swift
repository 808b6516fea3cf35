import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The HTTP part both provider clients share: POST a JSON body with a deadline, honour one `Retry-After`
/// on 429, and turn statuses and network failures into `ProviderError`s with the key scrubbed out.
struct ProviderHTTP: Sendable {
    let settings: ProviderSettings
    let transport: HTTPTransport
    let sleep: @Sendable (Duration) async throws -> Void

    /// The 2xx body of a POST of `body` to `url`; `errorMessage` reads the provider's error format.
    func post(_ url: URL, headers: [String: String], body: Data,
              errorMessage: @Sendable (Data) -> String?) async throws(ProviderError) -> Data {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.timeoutInterval = TimeInterval(seconds(settings.timeout) + 1)
        var retried = false
        while true {
            let (data, response) = try await send(request)
            let status = response.statusCode
            if (200..<300).contains(status) { return data }
            let message = scrub(errorMessage(data) ?? Self.snippet(data, status: status))
            switch status {
            case 401, 403:
                throw .unauthorized(message)
            case 429:
                let wait = response.value(forHTTPHeaderField: "Retry-After").flatMap(Self.retryAfter)
                guard !retried, let wait, wait <= settings.maximumRetryWait else {
                    throw .rateLimited(retryAfter: wait.map(seconds))
                }
                retried = true
                do {
                    try await sleep(wait)
                } catch {
                    throw .rateLimited(retryAfter: seconds(wait))
                }
            case 503, 529:
                throw .overloaded(status: status)
            default:
                throw .server(status: status, message: message)
            }
        }
    }

    private func send(_ request: URLRequest) async throws(ProviderError) -> (Data, HTTPURLResponse) {
        let transport = transport
        do {
            return try await Deadline.run(after: settings.timeout, sleep: sleep) { try await transport.send(request) }
        } catch is Deadline.Expired {
            throw .timeout(seconds: seconds(settings.timeout))
        } catch let error as URLError where error.code == .timedOut {
            throw .timeout(seconds: seconds(settings.timeout))
        } catch let error as URLError {
            throw .unreachable(scrub(error.localizedDescription))
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

    /// Seconds in a `Retry-After` of delta-seconds (an HTTP date is not honoured).
    static func retryAfter(_ value: String) -> Duration? {
        guard let number = Double(value.trimmingCharacters(in: .whitespaces)), number.isFinite, number >= 0 else { return nil }
        return .milliseconds(Int64((number * 1000).rounded(.up)))
    }

    /// A short, single-line excerpt of a body, or the status's reason phrase.
    static func snippet(_ data: Data, status: Int) -> String {
        let text = String(decoding: data.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
        return text.isEmpty || text.hasPrefix("<") ? HTTPURLResponse.localizedString(forStatusCode: status) : text
    }

    private func seconds(_ duration: Duration) -> Int {
        let (whole, fraction) = duration.components
        return Int(whole) + (fraction > 0 ? 1 : 0)
    }
}
