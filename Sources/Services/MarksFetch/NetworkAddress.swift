import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An IP address a host name resolved to, classified so page fetches can refuse loopback, private,
/// link-local and reserved targets (a bookmark URL must not become a way to reach the user's own network).
public struct NetworkAddress: Sendable, Equatable, CustomStringConvertible {
    public let bytes: [UInt8]

    /// An IPv4 (4 bytes) or IPv6 (16 bytes) address.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Parses a textual IPv4 or IPv6 address (brackets allowed).
    public init?(_ text: String) {
        let trimmed = text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
        var v4 = in_addr()
        if inet_pton(AF_INET, trimmed, &v4) == 1 {
            self.bytes = withUnsafeBytes(of: v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, trimmed, &v6) == 1 {
            self.bytes = withUnsafeBytes(of: v6) { Array($0) }
            return
        }
        return nil
    }

    public var description: String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }.joined(separator: ":")
    }

    /// True for addresses a page fetch must not reach: see `refusal`.
    public var isInternal: Bool { refusal != nil }

    /// Why a page fetch must not reach this address, or nil when it may: loopback, private, link-local,
    /// CGNAT, unspecified, multicast, broadcast, the reserved and documentation ranges (192.0.0.0/24, the
    /// TEST-NETs, 198.18.0.0/15, 240.0.0.0/4, 2001:db8::/32, 100::/64), unique- and site-local IPv6, and every
    /// form that carries IPv4 inside IPv6 (mapped, compatible, 6to4, NAT64), which names the embedded address.
    public var refusal: String? {
        if bytes.count == 4 { return Self.v4Refusal(bytes) }
        let b = bytes
        let zeros = { (range: Range<Int>) in b[range].allSatisfy { $0 == 0 } }
        if zeros(0..<16) { return "the unspecified address" }
        if zeros(0..<15) && b[15] == 1 { return "loopback" }
        if zeros(0..<10) && b[10] == 0xff && b[11] == 0xff { return Self.embedded(b[12..<16], form: "IPv4-mapped") }
        if zeros(0..<12) { return Self.embedded(b[12..<16], form: "IPv4-compatible") }
        if b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b && zeros(4..<12) {
            return Self.embedded(b[12..<16], form: "NAT64")                                    // 64:ff9b::/96
        }
        if b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b && b[4] == 0 && b[5] == 1 {
            return Self.embedded(b[12..<16], form: "local NAT64")                              // 64:ff9b:1::/48
        }
        if b[0] == 0x20 && b[1] == 0x02 { return Self.embedded(b[2..<6], form: "6to4") }       // 2002::/16
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0d && b[3] == 0xb8 { return "documentation (2001:db8::/32)" }
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0 { return "Teredo (2001::/32)" }
        if b[0] == 0x01 && b[1] == 0x00 && zeros(2..<8) { return "discard-only (100::/64)" }
        if b[0] & 0xfe == 0xfc { return "unique-local (fc00::/7)" }
        if b[0] == 0xfe && b[1] & 0xc0 == 0x80 { return "link-local (fe80::/10)" }
        if b[0] == 0xfe && b[1] & 0xc0 == 0xc0 { return "site-local (fec0::/10)" }
        if b[0] == 0xff { return "multicast" }
        return nil
    }

    /// IPv4 inside IPv6: always refused (no public site needs it and each form can reach IPv4), named after
    /// what the embedded address is.
    private static func embedded(_ v4: ArraySlice<UInt8>, form: String) -> String {
        let inner = Array(v4)
        let text = inner.map(String.init).joined(separator: ".")
        return "\(form) IPv6 carrying \(text)" + (v4Refusal(inner).map { " (\($0))" } ?? "")
    }

    private static func v4Refusal(_ b: [UInt8]) -> String? {
        switch (b[0], b[1], b[2]) {
        case (0, _, _): return "this network (0.0.0.0/8)"
        case (10, _, _): return "private (10.0.0.0/8)"
        case (127, _, _): return "loopback"
        case (100, 64...127, _): return "carrier-grade NAT (100.64.0.0/10)"
        case (169, 254, _): return "link-local (169.254.0.0/16)"
        case (172, 16...31, _): return "private (172.16.0.0/12)"
        case (192, 0, 0): return "IETF protocol assignments (192.0.0.0/24)"
        case (192, 0, 2): return "documentation (TEST-NET-1)"
        case (192, 168, _): return "private (192.168.0.0/16)"
        case (198, 18...19, _): return "benchmarking (198.18.0.0/15)"
        case (198, 51, 100): return "documentation (TEST-NET-2)"
        case (203, 0, 113): return "documentation (TEST-NET-3)"
        case (224...239, _, _): return "multicast"
        case (240...255, _, _): return "reserved (240.0.0.0/4)"
        default: return nil
        }
    }

    /// The addresses of this machine's own network interfaces (a public address of the host itself must
    /// not be fetchable either). Read fresh each time: interfaces come and go.
    public static func localInterfaces() -> [NetworkAddress] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [NetworkAddress] = []
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            if let address = entry.pointee.ifa_addr, let value = NetworkAddress(socketAddress: address) { addresses.append(value) }
            cursor = entry.pointee.ifa_next
        }
        return addresses
    }

    /// An IPv4 or IPv6 socket address's address (nil for other families).
    init?(socketAddress address: UnsafeMutablePointer<sockaddr>) {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            self.init(bytes: withUnsafeBytes(of: v4) { Array($0) })
        case AF_INET6:
            let v6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            self.init(bytes: withUnsafeBytes(of: v6) { Array($0) })
        default:
            return nil
        }
    }

    /// Resolves a host name with the system resolver.
    public static func resolve(_ host: String) -> [NetworkAddress] {
        if let literal = NetworkAddress(host) { return [literal] }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &result) == 0, let first = result else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [NetworkAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            if let address = info.pointee.ai_addr, let value = NetworkAddress(socketAddress: address) { addresses.append(value) }
            cursor = info.pointee.ai_next
        }
        return addresses
    }
}
