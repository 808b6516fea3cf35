import Foundation

/// A response body written while it is sent (server-sent events, an answer that streams in): the producer gets a
/// writer and writes pieces as they are ready; the server sends each at once (chunked transfer encoding). At most
/// `bufferLimit` bytes wait to be sent: past that, `write` waits until the client has taken some (back-pressure).
/// When the client goes away, the connection times out or the server stops, the producer's task is cancelled and
/// its next `write` throws `CancellationError`. A producer that throws ends the body abruptly (no final chunk), so
/// the client sees an incomplete answer, never a complete wrong one.
public final class HTTPStreamBody: Sendable, Equatable {
    /// Writes the body through the writer; returns when it is complete.
    public typealias Producer = @Sendable (HTTPBodyWriter) async throws -> Void

    let produce: Producer
    /// Bytes written but not yet sent, at most, before `write` waits.
    public let bufferLimit: Int

    /// A body written by `produce`, with at most `bufferLimit` bytes (at least 1 KB) waiting to be sent.
    public init(bufferLimit: Int = 64 * 1024, _ produce: @escaping Producer) {
        self.bufferLimit = max(1024, bufferLimit)
        self.produce = produce
    }

    /// Runs the producer here and returns everything it wrote, for answering in process (tests through the
    /// responder seam); stops with `HTTPError` 500 past `limit` bytes.
    public func collect(limit: Int = 16 * 1024 * 1024) async throws -> Data {
        let collected = Locked(Data())
        let writer = HTTPBodyWriter { data in
            try collected.withLock { (buffer: inout Data) throws(HTTPError) in
                guard buffer.count + data.count <= limit else { throw HTTPError(500, "The streamed body is larger than \(limit) bytes.") }
                buffer.append(data)
            }
        }
        try await produce(writer)
        return collected.withLock { $0 }
    }

    /// This body with its producer run inside `around` (which must call the closure it is given once): a gate or
    /// a time budget for work that happens while the body is sent.
    public func wrapped(_ around: @escaping @Sendable (_ produce: @escaping @Sendable () async throws -> Void) async throws -> Void) -> HTTPStreamBody {
        let produce = self.produce
        return HTTPStreamBody(bufferLimit: bufferLimit) { writer in try await around { try await produce(writer) } }
    }

    public static func == (lhs: HTTPStreamBody, rhs: HTTPStreamBody) -> Bool { lhs === rhs }
}

/// What a streamed body's producer writes through.
public final class HTTPBodyWriter: Sendable {
    private let sink: @Sendable (Data) async throws -> Void

    init(sink: @escaping @Sendable (Data) async throws -> Void) {
        self.sink = sink
    }

    /// Queues `data` to be sent; waits while the buffer is full. Throws `CancellationError` once the client is gone.
    public func write(_ data: Data) async throws {
        guard !data.isEmpty else { return }
        try Task.checkCancellation()
        try await sink(data)
    }

    /// Queues `text` as UTF-8.
    public func write(_ text: String) async throws {
        try await write(Data(text.utf8))
    }
}
