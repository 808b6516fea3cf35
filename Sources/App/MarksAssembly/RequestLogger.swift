import Foundation
import HTTPServer
import MarksCore
import MarksServer

/// The server's structured log: one JSON line per request on standard error, never a query string,
/// header or body (tokens travel there), nor the podcast feed's secret (its paths are logged as `/feed/…/…`).
public struct RequestLogger: Sendable {
    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> Date

    /// A logger writing lines through `write`.
    public init(now: @escaping @Sendable () -> Date, write: @escaping @Sendable (String) -> Void) {
        self.now = now
        self.write = write
    }

    /// The line for a finished request.
    public func log(_ entry: AccessLogEntry) {
        let parts = entry.duration.components
        let milliseconds = (Double(parts.seconds) * 1e3 + Double(parts.attoseconds) / 1e15 * 1000).rounded() / 1000
        write(JSONValue.object([
            ("ts", .string(LinkdingDate.format(now()))), ("level", .string("info")), ("event", .string("request")),
            ("method", .string(entry.method)), ("path", .string(FeedAddress.redacted(entry.path))), ("status", .int(entry.status)),
            ("bytes", .int(Int(clamping: entry.responseBytes))), ("ms", .double(milliseconds)),
            ("remote", .string(entry.remoteAddress)), ("completed", .bool(entry.completed)),
        ]).serialized + "\n")
    }

    /// A line for a server event (`start`, `stop`, `error`).
    public func event(_ name: String, level: String = "info", _ fields: [(String, String)] = []) {
        let base: [(String, JSONValue)] = [("ts", .string(LinkdingDate.format(now()))), ("level", .string(level)), ("event", .string(name))]
        write(JSONValue.object(base + fields.map { ($0.0, JSONValue.string($0.1)) }).serialized + "\n")
    }
}
