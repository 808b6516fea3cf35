/// A request body taken piece by piece as it arrives instead of being buffered whole (an upload streamed to disk).
/// A responder offers one for a request head through `HTTPResponder.bodyStream(for:)`; the server then calls it
/// from one worker thread at a time, in order: `write` for each piece, then `finish` once the body is complete,
/// or `cancel` when the request ends before that. The server's `maxBodySize` holds for the whole body (past it the
/// stream is cancelled and the request answered 413); the stream keeps its own limits besides (and may record a
/// refusal in what `finish` returns, so the responder answers it).
public protocol HTTPBodyStream: AnyObject {
    /// Takes the next bytes of the body; false closes the connection at once (the stream will not even drop more).
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool
    /// The body is complete: the value the responder finds in `HTTPRequest.streamedBody`.
    func finish() -> any Sendable
    /// The request ended before `finish` (the client went away, the request was refused, the server stops):
    /// remove whatever was written.
    func cancel()
}
