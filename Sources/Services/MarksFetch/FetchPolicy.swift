import Foundation
import MarksCore

/// Limits for fetching a page someone else chose: time, rate, size, redirects, how many at once, and which
/// addresses may be reached.
public struct FetchPolicy: Sendable, Equatable {
    /// The whole fetch — waiting for a slot, every redirect hop, the body — ends within this.
    public var timeout: Duration
    /// Each hop must connect within this.
    public var connectTimeout: Duration
    /// A page that sends fewer bytes a second than this over `minimumRateWindow` is abandoned.
    public var minimumBytesPerSecond: Int
    public var minimumRateWindow: Duration
    /// Bytes kept at most; a longer body is cut there and marked truncated, a declared longer one refused.
    public var maxBytes: Int
    public var maxRedirects: Int
    /// Fetches in flight at once (per fetcher); more wait, idle, within their deadline.
    public var maxConcurrentFetches: Int
    /// Whether loopback, private and link-local addresses may be fetched (off by default; the connection
    /// is still pinned to the checked address).
    public var allowInternalAddresses: Bool
    /// Addresses let through although the rules refuse them (tests that stand a local server in for a public
    /// one); every other address of every hop is still checked.
    public var exemptAddresses: [NetworkAddress] = []
    public var userAgent: String
    /// Whether pages may be fetched at all (`MARKS_FETCH_PAGES=0` turns fetching off: metadata stays empty).
    public var enabled: Bool

    /// A policy; the defaults suit page metadata and article text.
    public init(timeout: Duration = .seconds(10), connectTimeout: Duration = .seconds(5),
                minimumBytesPerSecond: Int = 256, minimumRateWindow: Duration = .seconds(5),
                maxBytes: Int = 5 * 1024 * 1024, maxRedirects: Int = 5, maxConcurrentFetches: Int = 4,
                allowInternalAddresses: Bool = false, userAgent: String = "Marks/0.1 (+bookmark metadata)",
                enabled: Bool = true) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.minimumBytesPerSecond = minimumBytesPerSecond
        self.minimumRateWindow = minimumRateWindow
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.maxConcurrentFetches = max(1, maxConcurrentFetches)
        self.allowInternalAddresses = allowInternalAddresses
        self.userAgent = userAgent
        self.enabled = enabled
    }
}

extension FetchPolicy {
    /// The policy the configuration asks for: internal addresses only when allowed, nothing when fetching is off.
    public init(config: MarksConfig) {
        self.init(allowInternalAddresses: config.allowPrivateNetworkFetches, enabled: config.fetchPages)
    }
}
