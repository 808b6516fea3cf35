import Foundation
import HTTPClient

/// Reads one provider's stream of server-sent events into its answer.
protocol ServerSentEventReader: Sendable {
    associatedtype Output: Sendable
    /// Takes the next event; throws when it is an error event or not the provider's format.
    mutating func read(_ event: ServerSentEvent) throws(ProviderError)
    /// The answer once the body has ended; throws when the stream stopped before the provider said it was done.
    func finish() throws(ProviderError) -> Output
}

extension ProviderHTTP {
    /// The most bytes of an error answer read.
    static let errorBodyLimit = 64 * 1024

    /// POSTs `body` to `url` asking for a stream (`"stream": true`), and reads the server-sent events of a 2xx
    /// answer into `reader` as they arrive — all within the timeout. Statuses, `Retry-After` and network
    /// failures are handled as for `exchange`.
    func events<Reader: ServerSentEventReader>(
        _ url: URL, headers: [String: String], body: Data, reader: Reader,
        errorMessage: @escaping @Sendable (Data) -> String?
    ) async throws(ProviderError) -> Reader.Output {
        var request = HTTPClientRequest(method: "POST", url: url, body: body, timeout: timeout + .seconds(1))
        request.setHeader("Content-Type", "application/json")
        request.setHeader("Accept", "text/event-stream")
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request.setHeader(name, value) }
        var attempt = 1
        while true {
            switch try await streamOnce(request, reader: reader) {
            case .answered(let output):
                return output
            case .refused(let status, let retryAfter, let data):
                let wait = try failure(status: status, retryAfter: retryAfter, body: data, attempt: attempt, errorMessage: errorMessage)
                attempt += 1
                do {
                    try await sleep(wait)
                } catch {
                    throw .rateLimited(retryAfter: RetryAfter.seconds(wait))
                }
            }
        }
    }

    private enum Outcome<Output: Sendable>: Sendable {
        case answered(Output)
        case refused(status: Int, retryAfter: String?, body: Data)
    }

    private func streamOnce<Reader: ServerSentEventReader>(_ request: HTTPClientRequest, reader: Reader) async throws(ProviderError) -> Outcome<Reader.Output> {
        let transport = transport
        do {
            return try await Deadline.run(after: timeout, sleep: sleep) {
                let answer = try await transport.stream(request)
                guard (200..<300).contains(answer.status) else {
                    return .refused(status: answer.status, retryAfter: answer.header("Retry-After"),
                                    body: try await answer.collect(limit: Self.errorBodyLimit))
                }
                var reader = reader
                var parser = ServerSentEventParser()
                for try await piece in answer.body {
                    for event in try parser.feed(piece) { try reader.read(event) }
                }
                if let last = try parser.finish() { try reader.read(last) }
                return .answered(try reader.finish())
            }
        } catch let error as ProviderError {
            throw error
        } catch is Deadline.Expired {
            throw .timeout(seconds: RetryAfter.seconds(timeout))
        } catch HTTPClientError.timedOut {
            throw .timeout(seconds: RetryAfter.seconds(timeout))
        } catch HTTPClientError.bodyTooLarge(let limit) {
            throw .malformedResponse("the answer is longer than \(limit) bytes")
        } catch let error as HTTPClientError {
            throw .unreachable(scrub(error.reason))
        } catch {
            throw .unreachable(scrub(String(describing: error)))
        }
    }
}
