import Foundation
import MarksCore

/// Limits for fetching a page someone else chose: time, size, redirects, and which addresses may be reached.
public struct FetchPolicy: Sendable, Equatable {
    /// Whole seconds (URLSession on Linux truncates fractions).
    public var timeoutSeconds: Int
    /// Bytes kept at most; a longer body is cut there and marked truncated.
    public var maxBytes: Int
    public var maxRedirects: Int
    /// Whether loopback, private and link-local addresses may be fetched (off by default).
    public var allowInternalAddresses: Bool
    public var userAgent: String
    /// Whether pages may be fetched at all (`MARKS_FETCH_PAGES=0` turns fetching off: metadata stays empty).
    public var enabled: Bool

    /// A policy; the defaults suit page metadata and article text.
    public init(timeoutSeconds: Int = 10, maxBytes: Int = 5 * 1024 * 1024, maxRedirects: Int = 5,
                allowInternalAddresses: Bool = false, userAgent: String = "Marks/0.1 (+bookmark metadata)",
                enabled: Bool = true) {
        self.enabled = enabled
        self.timeoutSeconds = timeoutSeconds
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.allowInternalAddresses = allowInternalAddresses
        self.userAgent = userAgent
    }
}

extension FetchPolicy {
    /// The policy the configuration asks for: internal addresses only when allowed, nothing when fetching is off.
    public init(config: MarksConfig) {
        self.init(allowInternalAddresses: config.allowPrivateNetworkFetches, enabled: config.fetchPages)
    }
}
