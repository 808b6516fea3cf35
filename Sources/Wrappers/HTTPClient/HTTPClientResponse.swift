import Foundation
import SystemSupport

/// An HTTP answer: status, header fields and body (cut at the request's cap when `truncated`).
public struct HTTPClientResponse: Sendable {
    /// The final status (interim 1xx answers are skipped).
    public var status: Int
    /// Header fields of the final answer, in the order received.
    public var headers: [HTTPHeaderField]
    /// The body (decoded when the server compressed it).
    public var body: Data
    /// True when the body was cut at the request's `maxBodyBytes` and the rest was not read.
    public var truncated: Bool

    /// An answer value (tests build these to stand in for a server).
    public init(status: Int, headers: [HTTPHeaderField] = [], body: Data = Data(), truncated: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.truncated = truncated
    }

    /// The value of a header (the first field of that name; names compare case-insensitively).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The status's reason phrase, for messages when a body says nothing useful.
    public var reasonPhrase: String { HTTPReasonPhrase.of(status) }
}
