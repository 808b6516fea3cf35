import Foundation

/// One server-sent event: its `event:` name (empty when none was given) and its `data:` lines joined by "\n".
public struct ServerSentEvent: Sendable, Equatable {
    public var event: String
    public var data: String

    /// An event as given.
    public init(event: String = "", data: String) {
        self.event = event
        self.data = data
    }
}

/// Reads a `text/event-stream` body piece by piece (pieces may split lines and even UTF-8 characters anywhere)
/// into events. A line or an event longer than `maximumEventBytes` is an error, so a server cannot make it hold
/// an unbounded buffer.
struct ServerSentEventParser: Sendable {
    /// The most bytes one event may carry.
    let maximumEventBytes: Int
    private var line: [UInt8] = []
    private var event = ""
    private var data: [String] = []
    private var dataBytes = 0
    private var lastWasCR = false

    init(maximumEventBytes: Int = 1024 * 1024) {
        self.maximumEventBytes = maximumEventBytes
    }

    /// The events the bytes complete; throws when an event grows past the limit.
    mutating func feed(_ bytes: Data) throws(ProviderError) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if byte == 0x0A, lastWasCR {
                lastWasCR = false
                continue  // the LF of a CRLF
            }
            lastWasCR = byte == 0x0D
            if byte == 0x0A || byte == 0x0D {
                if let event = try endLine() { events.append(event) }
            } else {
                line.append(byte)
                guard line.count + dataBytes <= maximumEventBytes else {
                    throw .malformedResponse("a server-sent event is longer than \(maximumEventBytes) bytes")
                }
            }
        }
        return events
    }

    /// The last event when the body ended without the blank line that closes it.
    mutating func finish() throws(ProviderError) -> ServerSentEvent? {
        if !line.isEmpty { _ = try endLine() }
        return dispatch()
    }

    private mutating func endLine() throws(ProviderError) -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else { return dispatch() }
        guard line.first != 0x3A else { return nil }  // ":" opens a comment
        let text = String(decoding: line, as: UTF8.self)
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = text[...]
            value = ""
        }
        switch field {
        case "event": event = String(value)
        case "data":
            data.append(String(value))
            dataBytes += value.utf8.count + 1
        default: break  // id, retry and unknown fields do not matter here
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            event = ""
            data = []
            dataBytes = 0
        }
        guard !data.isEmpty else { return nil }
        return ServerSentEvent(event: event, data: data.joined(separator: "\n"))
    }
}
