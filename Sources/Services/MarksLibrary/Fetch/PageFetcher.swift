import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches pages for metadata and reading with the limits of a `FetchPolicy`: only http(s), every hop's
/// host resolved and refused when internal (unless allowed), redirects followed by hand up to the limit,
/// the body cut at the size cap, a timeout. The resolver is injected so tests need no DNS.
public final class PageFetcher: Sendable {
    public let policy: FetchPolicy
    private let resolve: @Sendable (String) -> [NetworkAddress]
    private let delegate: FetchSessionDelegate
    private let session: URLSession

    /// A fetcher with a policy and a resolver (the system's by default).
    public init(policy: FetchPolicy = FetchPolicy(), resolve: @escaping @Sendable (String) -> [NetworkAddress] = NetworkAddress.resolve) {
        self.policy = policy
        self.resolve = resolve
        let delegate = FetchSessionDelegate(maxBytes: policy.maxBytes)
        self.delegate = delegate
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = TimeInterval(policy.timeoutSeconds)
        configuration.timeoutIntervalForResource = TimeInterval(policy.timeoutSeconds * 2)
        configuration.httpAdditionalHeaders = ["User-Agent": policy.userAgent, "Accept": "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5"]
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Fetches `url`, following redirects within the policy.
    public func fetch(_ url: URL) async throws -> FetchedPage {
        var current = url
        for _ in 0...policy.maxRedirects {
            try await check(current)
            var request = URLRequest(url: current)
            request.timeoutInterval = TimeInterval(policy.timeoutSeconds)
            let result: FetchSessionDelegate.Result
            do {
                result = try await delegate.run(session.dataTask(with: request))
            } catch FetchError.timeout {
                throw FetchError.timeout(seconds: policy.timeoutSeconds)
            }
            if (300...399).contains(result.response.statusCode),
               let location = result.response.value(forHTTPHeaderField: "Location"),
               let next = URL(string: location, relativeTo: current)?.absoluteURL {
                current = next
                continue
            }
            return FetchedPage(url: current, status: result.response.statusCode,
                               contentType: result.response.value(forHTTPHeaderField: "Content-Type"),
                               body: result.body, truncated: result.truncated)
        }
        throw FetchError.tooManyRedirects(policy.maxRedirects)
    }

    private func check(_ url: URL) async throws {
        guard policy.enabled else { throw FetchError.disabled }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else { throw FetchError.invalidURL(url.absoluteString) }
        // getaddrinfo blocks: run it on a dispatch thread, never on Swift's few cooperative threads.
        let resolve = self.resolve
        let addresses = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: resolve(host)) }
        }
        guard !addresses.isEmpty else { throw FetchError.unresolvable(host: host) }
        if !policy.allowInternalAddresses && addresses.contains(where: \.isInternal) {
            throw FetchError.blockedAddress(host: host)
        }
    }
}
