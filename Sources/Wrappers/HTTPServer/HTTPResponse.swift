import Foundation

/// One HTTP response: status, headers and a body held in memory, streamed from a file, written while it is sent, or empty.
public struct HTTPResponse: Sendable {
    /// What the response carries after its headers.
    public enum Body: Sendable, Equatable {
        /// Written while it is sent (chunked; no `Content-Length`), see `HTTPStreamBody`.
        case stream(HTTPStreamBody)
        /// Bytes in memory.
        case bytes(Data)
        /// A byte range of a file, streamed from disk by the server (never read whole into memory).
        case file(path: String, range: Range<UInt64>)
        /// Pieces sent one after another, each bytes in memory or a byte range of a file (a `multipart/byteranges`
        /// answer: part headers in memory, part bodies streamed from disk).
        case segments([Segment])
        /// No body.
        case empty

        /// The number of body bytes (0 for a stream: not known in advance).
        public var count: UInt64 {
            switch self {
            case .stream: 0
            case .bytes(let data): UInt64(data.count)
            case .file(_, let range): UInt64(range.count)
            case .segments(let segments): segments.reduce(0) { $0 + $1.count }
            case .empty: 0
            }
        }
    }

    /// One piece of a `.segments` body.
    public enum Segment: Sendable, Equatable {
        /// Bytes in memory.
        case bytes(Data)
        /// A byte range of a file.
        case file(path: String, range: Range<UInt64>)

        /// The number of bytes.
        public var count: UInt64 {
            switch self {
            case .bytes(let data): UInt64(data.count)
            case .file(_, let range): UInt64(range.count)
            }
        }
    }

    /// The status code.
    public var status: Int
    /// The response headers (`Content-Length` and `Date` are added by the server).
    public var headers: HTTPHeaders
    /// The body.
    public var body: Body

    /// A response; with no arguments, an empty 200.
    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: Body = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Adds a `Set-Cookie` header.
    public mutating func setCookie(_ cookie: SetCookie) {
        headers.add("Set-Cookie", cookie.headerValue)
    }

    /// A copy with an added `Set-Cookie` header.
    public func settingCookie(_ cookie: SetCookie) -> HTTPResponse {
        var copy = self
        copy.setCookie(cookie)
        return copy
    }
}
