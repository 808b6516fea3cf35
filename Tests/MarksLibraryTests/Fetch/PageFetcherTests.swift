import Foundation
import HTTPClient
import MarksFetch
import StandInNetwork
import Testing

/// The page fetcher against local servers that stream forever, declare too much, trickle, hang and
/// redirect; names resolve through an injected resolver, so no DNS is involved.
@Suite struct PageFetcherTests {
    static let loopback = NetworkAddress("127.0.0.1")!  // safe: a fixed literal

    static func policy(timeout: Duration = .seconds(60), maxBytes: Int = 256 * 1024, allowInternal: Bool = true,
                       concurrent: Int = 4, rateWindow: Duration = .seconds(1)) -> FetchPolicy {
        FetchPolicy(timeout: timeout, minimumBytesPerSecond: 1000, minimumRateWindow: rateWindow, maxBytes: maxBytes,
                    maxConcurrentFetches: concurrent, allowInternalAddresses: allowInternal)
    }

    @Test func anEndlessBodyStopsAtTheCap() async throws {
        let listener = try RawTCPListener(.stream(head: .httpHead(), chunk: Data(repeating: 0x61, count: 64 * 1024), pause: nil))
        defer { listener.stop() }
        let page = try await PageFetcher(policy: Self.policy()).fetch(listener.url("/endless"))
        #expect(page.truncated)
        #expect(page.body.count == 256 * 1024)
        #expect(listener.bytesSent < 256 * 1024 + 16 * 1024 * 1024)
    }

    @Test func aDeclaredLengthOverTheCapIsRefused() async throws {
        let listener = try RawTCPListener(.stream(head: .httpHead(length: 100 * 1024 * 1024), chunk: Data(repeating: 0x62, count: 64 * 1024), pause: nil))
        defer { listener.stop() }
        await #expect(throws: FetchError.network(.bodyTooLarge(limit: 256 * 1024))) {
            _ = try await PageFetcher(policy: Self.policy()).fetch(listener.url())
        }
    }

    @Test func aFetchCanLowerTheCapButNotRaiseIt() async throws {
        let listener = try RawTCPListener(.stream(head: .httpHead(length: 200 * 1024), chunk: Data(repeating: 0x62, count: 64 * 1024), pause: nil))
        defer { listener.stop() }
        let fetcher = PageFetcher(policy: Self.policy())
        await #expect(throws: FetchError.network(.bodyTooLarge(limit: 100 * 1024))) {
            _ = try await fetcher.fetch(listener.url(), maxBytes: 100 * 1024, accept: "image/png")
        }
        let endless = try RawTCPListener(.stream(head: .httpHead(), chunk: Data(repeating: 0x61, count: 64 * 1024), pause: nil))
        defer { endless.stop() }
        let page = try await fetcher.fetch(endless.url("/endless"), maxBytes: 10 * 1024 * 1024)
        #expect(page.body.count == 256 * 1024, "the policy's cap still holds")
    }

    @Test func aTricklingPageIsAbandoned() async throws {
        let listener = try RawTCPListener(.stream(head: .httpHead(), chunk: Data("<".utf8), pause: .milliseconds(300)))
        defer { listener.stop() }
        let error = await #expect(throws: FetchError.self) { _ = try await PageFetcher(policy: Self.policy()).fetch(listener.url()) }
        #expect(error == .network(.tooSlow(bytesPerSecond: 1000, seconds: 1)))
        #expect(error?.description == "The page could not be fetched: the server sent less than 1000 bytes/s for 1 s; gave up.")
    }

    @Test func aHungServerMeetsTheDeadline() async throws {
        let listener = try RawTCPListener(.silent)
        defer { listener.stop() }
        let policy = FetchPolicy(timeout: .milliseconds(500), allowInternalAddresses: true)
        await #expect(throws: FetchError.timeout(seconds: 0.5)) { _ = try await PageFetcher(policy: policy).fetch(listener.url()) }
    }

    @Test func aRedirectToAnInternalAddressIsBlocked() async throws {
        let listener = try RawTCPListener(.answer(.httpAnswer(status: "302 Found", contentType: "text/html", body: "",
                                                              extraHeaders: "Location: http://metadata.example/latest/\r\n")))
        defer { listener.stop() }
        var policy = Self.policy(allowInternal: false)
        policy.exemptAddresses = [Self.loopback]  // the first hop stands in for a public site
        let metadata = try #require(NetworkAddress("169.254.169.254"))
        let fetcher = PageFetcher(policy: policy, resolve: { $0 == "metadata.example" ? [metadata] : [Self.loopback] })
        let start = try #require(URL(string: "http://public.example:\(listener.port)/"))
        await #expect(throws: FetchError.blockedAddress(host: "metadata.example")) { _ = try await fetcher.fetch(start) }
        #expect(listener.requests.count == 1)
    }

    @Test func aRedirectLoopEndsAfterFiveHops() async throws {
        let listener = try RawTCPListener(.answer(.httpAnswer(status: "301 Moved Permanently", contentType: "text/html", body: "",
                                                              extraHeaders: "Location: /again\r\n")))
        defer { listener.stop() }
        await #expect(throws: FetchError.tooManyRedirects(5)) { _ = try await PageFetcher(policy: Self.policy()).fetch(listener.url()) }
        #expect(listener.requests.count == 6)
    }

    @Test func theConnectionGoesToTheCheckedAddressWithTheRightHost() async throws {
        let listener = try RawTCPListener(.answer(.httpAnswer(status: "200 OK", contentType: "text/html", body: "<title>t</title>")))
        defer { listener.stop() }
        let fetcher = PageFetcher(policy: Self.policy(), resolve: { $0 == "made-up.example" ? [Self.loopback] : [] })
        let page = try await fetcher.fetch(try #require(URL(string: "http://made-up.example:\(listener.port)/page")))
        #expect(page.status == 200)
        #expect(String(decoding: page.body, as: UTF8.self) == "<title>t</title>")
        let head = try #require(listener.requests.first)
        #expect(head.hasPrefix("GET /page HTTP/1.1\r\n"))
        #expect(head.contains("\r\nHost: made-up.example:\(listener.port)\r\n"))
    }

    @Test func anAddressThatRefusesFallsThroughToTheNextCheckedOne() async throws {
        let listener = try RawTCPListener(.answer(.httpAnswer(status: "200 OK", contentType: "text/plain", body: "second")))
        defer { listener.stop() }
        let nobody = try #require(NetworkAddress("127.0.0.2"))  // loopback too, but nothing listens there
        let fetcher = PageFetcher(policy: Self.policy(), resolve: { _ in [nobody, Self.loopback] })
        let page = try await fetcher.fetch(try #require(URL(string: "http://two-addresses.example:\(listener.port)/")))
        #expect(String(decoding: page.body, as: UTF8.self) == "second")
    }

    @Test func internalAddressesAreRefusedByDefault() async throws {
        let fetcher = PageFetcher(policy: FetchPolicy(), resolve: { _ in [Self.loopback] })
        await #expect(throws: FetchError.blockedAddress(host: "intranet.example")) {
            _ = try await fetcher.fetch(try #require(URL(string: "http://intranet.example/")))
        }
    }

    @Test func thisMachinesOwnAddressesAreRefused() async throws {
        let own = NetworkAddress.localInterfaces()
        #expect(own.contains(Self.loopback))
        for address in own where !address.isInternal {
            let fetcher = PageFetcher(policy: FetchPolicy(), resolve: { _ in [address] })
            await #expect(throws: FetchError.blockedAddress(host: "self.example")) {
                _ = try await fetcher.fetch(try #require(URL(string: "http://self.example/")))
            }
        }
    }

    @Test func cancellingAFetchAbortsIt() async throws {
        let listener = try RawTCPListener(.silent)
        defer { listener.stop() }
        // No rate window either: only the cancellation can end this fetch, however slowly a loaded machine runs it.
        let fetcher = PageFetcher(policy: Self.policy(timeout: .seconds(600), rateWindow: .seconds(600)))
        let task = Task { try await fetcher.fetch(listener.url()) }
        try await listener.waitForConnections()
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
    }

    @Test func fetchesBeyondTheLimitWaitForASlot() async throws {
        let listener = try RawTCPListener(.silent)
        defer { listener.stop() }
        // Silent connections: no rate window either, however long a loaded machine takes between the steps.
        let fetcher = PageFetcher(policy: Self.policy(timeout: .seconds(600), concurrent: 1, rateWindow: .seconds(600)))
        let first = Task { try await fetcher.fetch(listener.url("/first")) }
        try await listener.waitForConnections()
        let second = Task { try await fetcher.fetch(listener.url("/second")) }
        // Stays: an absence (no second connection) shows only over a span; a loaded machine can only make it pass.
        try await Task.sleep(for: .milliseconds(300))
        #expect(listener.accepted == 1)  // the second waits, unconnected, while the first holds the only slot
        first.cancel()
        try await listener.waitForConnections(2)
        second.cancel()
        await #expect(throws: CancellationError.self) { _ = try await second.value }
    }
}

/// Which addresses a fetch may reach.
@Suite struct NetworkAddressTests {
    static let refused = [
        "0.0.0.0", "10.1.2.3", "127.0.0.1", "100.64.0.1", "169.254.169.254", "172.16.0.1", "172.31.255.255",
        "192.0.0.8", "192.0.2.1", "192.168.1.1", "198.18.0.1", "198.19.255.255", "198.51.100.7", "203.0.113.9",
        "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
        "::", "::1", "::ffff:127.0.0.1", "::ffff:8.8.8.8", "::127.0.0.1", "::8.8.8.8", "64:ff9b::7f00:1", "64:ff9b::808:808",
        "64:ff9b:1::a00:1", "2002:7f00:1::", "2002:808:808::", "2001:db8::1", "2001::1", "100::1", "fc00::1", "fd12:3456::1",
        "fe80::1", "fec0::1", "ff02::1",
    ]
    static let allowed = ["8.8.8.8", "1.1.1.1", "93.184.216.34", "172.32.0.1", "192.0.3.1", "198.20.0.1", "100.128.0.1",
                          "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "2001:4860::8888"]

    @Test(arguments: refused)
    func refuses(text: String) throws {
        let address = try #require(NetworkAddress(text))
        #expect(address.isInternal, "\(text) should be refused")
    }

    @Test(arguments: allowed)
    func allows(text: String) throws {
        let address = try #require(NetworkAddress(text))
        #expect(address.refusal == nil, "\(text) should be allowed, got \(address.refusal ?? "")")
    }

    @Test func embeddedIPv4IsNamed() throws {
        #expect(try #require(NetworkAddress("::ffff:127.0.0.1")).refusal == "IPv4-mapped IPv6 carrying 127.0.0.1 (loopback)")
        #expect(try #require(NetworkAddress("2002:a00:1::")).refusal == "6to4 IPv6 carrying 10.0.0.1 (private (10.0.0.0/8))")
        #expect(try #require(NetworkAddress("64:ff9b::808:808")).refusal == "NAT64 IPv6 carrying 8.8.8.8")
    }
}
