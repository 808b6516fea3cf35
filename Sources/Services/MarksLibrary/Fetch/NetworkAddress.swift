import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An IP address a host name resolved to, classified so page fetches can refuse loopback, private and
/// link-local targets (a bookmark URL must not become a way to reach the user's own network).
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

    /// True for addresses on this machine or the local network: loopback, private, link-local, CGNAT,
    /// unspecified, multicast, broadcast, unique-local IPv6, and IPv4-mapped forms of those.
    public var isInternal: Bool {
        if bytes.count == 4 { return Self.internalV4(bytes) }
        let b = bytes
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xff && b[11] == 0xff { return Self.internalV4(Array(b[12..<16])) }
        if b.allSatisfy({ $0 == 0 }) { return true }                                  // ::
        if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] == 1 { return true }           // ::1
        if b[0] & 0xfe == 0xfc { return true }                                       // fc00::/7
        if b[0] == 0xfe && b[1] & 0xc0 == 0x80 { return true }                       // fe80::/10
        if b[0] == 0xff { return true }                                              // multicast
        return false
    }

    private static func internalV4(_ b: [UInt8]) -> Bool {
        switch (b[0], b[1]) {
        case (0, _), (10, _), (127, _): return true
        case (100, 64...127): return true
        case (169, 254): return true
        case (172, 16...31): return true
        case (192, 168): return true
        case (198, 18...19): return true
        case (224...255, _): return true
        default: return false
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
            if let sockaddr = info.pointee.ai_addr {
                if info.pointee.ai_family == AF_INET {
                    let address = sockaddr.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                    if let value = NetworkAddress(bytes: withUnsafeBytes(of: address) { Array($0) }) { addresses.append(value) }
                } else if info.pointee.ai_family == AF_INET6 {
                    let address = sockaddr.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                    if let value = NetworkAddress(bytes: withUnsafeBytes(of: address) { Array($0) }) { addresses.append(value) }
                }
            }
            cursor = info.pointee.ai_next
        }
        return addresses
    }
}
