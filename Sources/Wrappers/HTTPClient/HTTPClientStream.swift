import Foundation

/// An answer whose body arrives piece by piece (server-sent events, a model's streamed tokens): the status and
/// headers once they are complete, then the body's bytes as they come. The body is capped like any other
/// (`HTTPClientRequest.maxBodyBytes`, `HTTPClient.streamCap` when unset): past the cap it ends with
/// `HTTPClientError.bodyTooLarge`. Dropping the stream or cancelling its reader aborts the transfer.
public struct HTTPClientStream: Sendable {
    /// The final status.
    public var status: Int
    /// Header fields of the final answer, in the order received.
    public var headers: [HTTPHeaderField]
    /// The body's bytes as they arrive; ends when the body does, or throws an `HTTPClientError`.
    public var body: AsyncThrowingStream<Data, any Error>

    /// A stream value (tests and in-memory transports build these).
    public init(status: Int, headers: [HTTPHeaderField] = [], body: AsyncThrowingStream<Data, any Error>) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A stream of an answer already in memory: its body as one piece.
    public init(_ response: HTTPClientResponse) {
        let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        if !response.body.isEmpty { continuation.yield(response.body) }
        continuation.finish()
        self.init(status: response.status, headers: response.headers, body: body)
    }

    /// The value of a header (the first field of that name; names compare case-insensitively).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The whole body, at most `limit` bytes (the rest is not read): for error answers.
    public func collect(limit: Int) async throws -> Data {
        var data = Data()
        for try await piece in body {
            data.append(piece.prefix(limit - data.count))
            if data.count >= limit { break }
        }
        return data
    }
}
