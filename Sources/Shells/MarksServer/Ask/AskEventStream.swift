import Foundation
import HTTPServer
import MarksCore
import MarksAsk

/// An Ask answer as server-sent events, for `POST /v1/marks/ask` and the web app's Ask tab alike: one
/// `event: token` per piece of text as it arrives (`{"text": "…"}`), then the closing events the caller names (the
/// answer object, and for the web its rendered turn), or one `event: error` (`{"error": "…"}`) when asking fails
/// after the stream began. Checks that can fail (the body, the conversation) happen before, as plain errors.
enum AskEventStream {
    /// One closing event: its name and its JSON data.
    typealias Event = (name: String, data: JSONValue)
    /// Runs the question, handing each token to the given closure; returns the whole answer.
    typealias Asking = @Sendable (_ onToken: @escaping @Sendable (String) -> Void) async throws -> AskAnswer

    /// Whether the request asks for server-sent events (`Accept: text/event-stream`).
    static func isWanted(by request: HTTPRequest) -> Bool {
        request.headers["Accept"]?.lowercased().contains("text/event-stream") == true
    }

    /// A `200 text/event-stream` response that asks while it is sent: tokens as they come, then `closing(answer)`;
    /// a failure becomes an `error` event whose text is `describe(error)`.
    static func response(_ ask: @escaping Asking, closing: @escaping @Sendable (AskAnswer) -> [Event],
                         describe: @escaping @Sendable (any Error) -> String) -> HTTPResponse {
        let body = HTTPStreamBody { writer in
            let (tokens, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .unbounded)
            let asking = Task { () throws -> AskAnswer in
                defer { continuation.finish() }
                return try await ask { continuation.yield($0) }
            }
            do {
                try await withTaskCancellationHandler {
                    for await token in tokens {
                        try await writer.write(event("token", .object([("text", .string(token))])))
                    }
                    let answer = try await asking.value
                    for closing in closing(answer) { try await writer.write(event(closing.name, closing.data)) }
                } onCancel: {
                    asking.cancel()
                }
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                try await writer.write(event("error", .object([("error", .string(describe(error)))])))
            }
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store",
                                                   "X-Accel-Buffering": "no"], body: .stream(body))
    }

    /// One event in the wire format: `event: <name>\ndata: <json>\n\n` (the JSON is on one line).
    static func event(_ name: String, _ data: JSONValue) -> String {
        "event: \(name)\ndata: \(data.serialized)\n\n"
    }
}
