import Foundation
import HTTPClient
import MarksCore

/// The one fetcher for pages someone else chose (scraping and check, enrichment, the reader, the backend's
/// page text), with the limits of a `FetchPolicy`: only http(s); every hop's host resolved, each address
/// checked (internal, reserved and this machine's own addresses refused unless allowed) and the connection
/// pinned to the checked address, so DNS cannot answer differently between check and connect; redirects
/// followed by hand up to the limit; a declared body over the cap refused and a longer one cut at the cap;
/// one deadline for the whole fetch, a minimum transfer rate, and a bound on fetches in flight. Proxies are
/// off (a proxy would connect somewhere else). The resolver is injected so tests need no DNS.
public final class PageFetcher: Sendable {
    public let policy: FetchPolicy
    private let resolve: @Sendable (String) -> [NetworkAddress]
    private let client: HTTPClient
    private let gate: FetchGate

    /// A fetcher with a policy and a resolver (the system's by default), over `client` (the shared one).
    public init(policy: FetchPolicy = FetchPolicy(), resolve: @escaping @Sendable (String) -> [NetworkAddress] = NetworkAddress.resolve,
                client: HTTPClient = .shared) {
        self.policy = policy
        self.resolve = resolve
        self.client = client
        self.gate = FetchGate(slots: policy.maxConcurrentFetches)
    }

    /// Fetches `url`, following redirects within the policy and recording each hop. `maxBytes` lowers the policy's
    /// size cap for this fetch (images, favicons); `accept` replaces the HTML `Accept` header; `method` is GET or
    /// HEAD (a link check: no body); `headers` are sent too (a conditional GET's `If-None-Match`, `If-Modified-Since`:
    /// a 304 answer is returned as it is, with its headers).
    public func fetch(_ url: URL, maxBytes: Int? = nil, accept: String? = nil, method: String = "GET",
                      headers: [String: String] = [:]) async throws -> FetchedPage {
        let limits = Limits(maxBytes: min(maxBytes ?? policy.maxBytes, policy.maxBytes),
                            accept: accept ?? "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5", method: method,
                            headers: headers.sorted { $0.key < $1.key }.map { HTTPHeaderField(name: $0.key, value: $0.value) })
        guard policy.enabled else { throw FetchError.disabled }
        let deadline = ContinuousClock.now + policy.timeout
        try await gate.enter(waitingAtMost: policy.timeout)
        defer { gate.leave() }
        var current = url
        var hops: [RedirectHop] = []
        for _ in 0...policy.maxRedirects {
            let addresses = try await check(current)
            let response = try await send(current, toFirstOf: addresses, before: deadline, limits: limits)
            if (300...399).contains(response.status), let location = response.header("Location"),
               let next = URL(string: location, relativeTo: current)?.absoluteURL {
                hops.append(RedirectHop(status: response.status, location: location))
                current = next
                continue
            }
            var page = FetchedPage(url: current, status: response.status, contentType: response.header("Content-Type"),
                                   body: response.body, truncated: response.truncated, redirects: hops)
            for name in FetchedPage.keptHeaders { page.headers[name] = response.header(name) }
            return page
        }
        throw FetchError.tooManyRedirects(policy.maxRedirects)
    }

    /// Tries the checked addresses in order (an IPv6 address without a route falls through to the next)
    /// until one connects; that one answers.
    /// The per-fetch limits.
    private struct Limits {
        var maxBytes: Int
        var accept: String
        var method: String
        var headers: [HTTPHeaderField]
    }

    private func send(_ url: URL, toFirstOf addresses: [NetworkAddress], before deadline: ContinuousClock.Instant,
                      limits: Limits) async throws -> HTTPClientResponse {
        for (index, address) in addresses.enumerated() {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { throw FetchError.timeout(seconds: Self.seconds(policy.timeout)) }
            do {
                return try await send(url, to: address, within: remaining, limits: limits)
            } catch FetchError.network(let error) where index < addresses.count - 1 {
                switch error {
                case .connectionRefused, .connectFailed, .connectTimedOut: continue
                default: throw FetchError.network(error)
                }
            }
        }
        throw FetchError.unresolvable(host: url.host ?? "")
    }

    private func send(_ url: URL, to address: NetworkAddress, within remaining: Duration, limits: Limits) async throws -> HTTPClientResponse {
        let request = HTTPClientRequest(
            method: limits.method, url: url,
            headers: [HTTPHeaderField(name: "User-Agent", value: policy.userAgent),
                      HTTPHeaderField(name: "Accept", value: limits.accept)] + limits.headers,
            timeout: remaining, connectTimeout: min(policy.connectTimeout, remaining),
            minimumRate: MinimumRate(bytesPerSecond: policy.minimumBytesPerSecond, window: policy.minimumRateWindow),
            maxBodyBytes: limits.maxBytes, pinnedAddress: address.description, usesProxy: false)
        do {
            return try await client.send(request)
        } catch let error as HTTPClientError {
            if case .timedOut = error { throw FetchError.timeout(seconds: Self.seconds(policy.timeout)) }
            throw FetchError.network(error)
        }
    }

    /// Resolves the URL's host and checks every address; returns them, each one that may be connected to.
    private func check(_ url: URL) async throws -> [NetworkAddress] {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else { throw FetchError.invalidURL(url.absoluteString) }
        // getaddrinfo blocks: run it on a dispatch thread, never on Swift's few cooperative threads.
        let resolve = self.resolve
        let addresses = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: resolve(host)) }
        }
        guard !addresses.isEmpty else { throw FetchError.unresolvable(host: host) }
        if !policy.allowInternalAddresses {
            let own = NetworkAddress.localInterfaces()
            let refused = addresses.contains { ($0.isInternal || own.contains($0)) && !policy.exemptAddresses.contains($0) }
            if refused { throw FetchError.blockedAddress(host: host) }
        }
        return addresses
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds / 1_000_000_000_000_000) / 1000
    }
}
