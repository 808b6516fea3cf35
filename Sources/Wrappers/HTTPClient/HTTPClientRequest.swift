import Foundation

/// One outgoing HTTP request and the limits it runs under. Nothing here follows redirects: a 3xx comes
/// back as the answer, so a caller decides whether (and where) to go next.
public struct HTTPClientRequest: Sendable {
    /// The method word (`GET`, `POST`, `PATCH`, …).
    public var method: String
    /// An http or https URL; any other scheme is refused before anything is sent.
    public var url: URL
    /// Header fields in the order they are sent.
    public private(set) var headers: [HTTPHeaderField]
    /// The request body, if any.
    public var body: Data?
    /// The whole exchange — connect, send, answer — must end within this (millisecond precision).
    public var timeout: Duration
    /// Connecting must succeed within this (nil: only the overall timeout applies).
    public var connectTimeout: Duration?
    /// Abort when fewer than `bytesPerSecond` arrive for `window` (a server trickling bytes).
    public var minimumRate: MinimumRate?
    /// The body is cut here and the answer marked `truncated`; a `Content-Length` above it is refused at once.
    public var maxBodyBytes: Int?
    /// A numeric IP address to connect to instead of resolving the host: the connection goes to exactly the
    /// address that was checked, while the Host header, TLS name and certificate check stay the URL's host.
    public var pinnedAddress: String?
    /// Whether the environment's proxy settings apply (`http_proxy`, …). A fetch that checked the address
    /// must turn this off: a proxy would connect somewhere else.
    public var usesProxy: Bool

    /// A request with defaults: no body, a 30 s deadline, no caps, proxies as the environment says.
    public init(method: String = "GET", url: URL, headers: [HTTPHeaderField] = [], body: Data? = nil,
                timeout: Duration = .seconds(30), connectTimeout: Duration? = nil, minimumRate: MinimumRate? = nil,
                maxBodyBytes: Int? = nil, pinnedAddress: String? = nil, usesProxy: Bool = true) {
        self.method = method
        self.url = url
        self.headers = []
        self.body = body
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.minimumRate = minimumRate
        self.maxBodyBytes = maxBodyBytes
        self.pinnedAddress = pinnedAddress
        self.usesProxy = usesProxy
        for field in headers { setHeader(field.name, field.value) }
    }

    /// Sets a header, replacing any field of the same name (names compare case-insensitively).
    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        headers.append(HTTPHeaderField(name: name, value: value))
    }

    /// The value of a header, if set.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The path as sent, trailing slash kept (`URL.path` drops it).
    public var path: String {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
    }

    /// `METHOD /path?query`, as on the request line.
    public var requestLine: String {
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        return "\(method) \(path)\(query.map { "?" + $0 } ?? "")"
    }
}

/// One header field.
public struct HTTPHeaderField: Sendable, Equatable {
    public var name: String
    public var value: String

    /// A field from its name and value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A minimum transfer rate: fewer than `bytesPerSecond` for `window` aborts the transfer.
public struct MinimumRate: Sendable, Equatable {
    public var bytesPerSecond: Int
    public var window: Duration

    /// A rate floor held over a window (curl measures it in whole seconds, at least one).
    public init(bytesPerSecond: Int, window: Duration) {
        self.bytesPerSecond = bytesPerSecond
        self.window = window
    }
}
