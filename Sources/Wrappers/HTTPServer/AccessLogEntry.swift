/// One line of the access log, reported once per answered request. It carries no query string
/// and no headers: tokens travel there.
public struct AccessLogEntry: Sendable {
    /// The request method.
    public let method: String
    /// The decoded request path, without the query string.
    public let path: String
    /// The response status.
    public let status: Int
    /// The response body bytes (0 for HEAD and bodiless statuses).
    public let responseBytes: UInt64
    /// From the request's headers being read to the response being fully sent (or abandoned).
    public let duration: Duration
    /// The client's numeric IP address.
    public let remoteAddress: String
    /// False when the connection ended before the whole response was sent.
    public let completed: Bool
}
