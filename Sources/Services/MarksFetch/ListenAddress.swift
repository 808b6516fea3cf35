import Foundation
import Synchronization
import SystemSupport

/// Where `marks serve` really listens (the bound host and port), and the addresses a phone can open: the
/// sign-in links of Settings → Devices and `marks signin-link` are built from it. `marks serve` writes it to
/// `serve.json` in the data directory once it listens and removes it when it stops, so the CLI knows too.
public struct ListenAddress: Sendable, Codable, Equatable {
    /// The address given to `--host` (127.0.0.1, 0.0.0.0, ::, a LAN address, a name).
    public var host: String
    /// The bound port.
    public var port: Int

    /// The address `host` and `port`.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Where sign-in links can point.
    public enum Reach: Sendable, Equatable {
        /// Loopback only: the one base URL, which works on this computer alone.
        case thisComputer(String)
        /// Base URLs other devices can open (one per LAN address for 0.0.0.0 / ::), best first.
        case network([String])
    }

    /// The message shown when only this computer can reach Marks.
    public static let loopbackMessage = "Marks listens only on this computer; start it with --host 0.0.0.0 to reach it from your phone."

    /// True for 127.x, ::1 and localhost.
    public var isLoopback: Bool {
        host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }

    /// True for the wildcard addresses (every interface).
    public var isWildcard: Bool {
        host == "0.0.0.0" || host == "::" || host == "[::]" || host.isEmpty
    }

    /// The base URLs for sign-in links; `lanAddresses` are this machine's addresses (IPv4 text, best first).
    public func reach(lanAddresses: [String]) -> Reach {
        if isLoopback { return .thisComputer(Self.base(host, port)) }
        if isWildcard {
            let bases = lanAddresses.map { Self.base($0, port) }
            return bases.isEmpty ? .thisComputer(Self.base("127.0.0.1", port)) : .network(bases)
        }
        return .network([Self.base(host, port)])
    }

    /// This machine's IPv4 addresses other devices on the network can use (no loopback, no link-local),
    /// private ranges first.
    public static func lanAddresses() -> [String] {
        let v4 = NetworkAddress.localInterfaces().filter { $0.bytes.count == 4 && $0.bytes[0] != 127 && !($0.bytes[0] == 169 && $0.bytes[1] == 254) }
        let isPrivate: (NetworkAddress) -> Bool = { $0.bytes[0] == 192 || $0.bytes[0] == 10 || ($0.bytes[0] == 172 && (16...31).contains($0.bytes[1])) }
        var seen = Set<String>()
        return (v4.filter(isPrivate) + v4.filter { !isPrivate($0) }).map(\.description).filter { seen.insert($0).inserted }
    }

    static func base(_ host: String, _ port: Int) -> String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "http://\(shown):\(port)"
    }

    /// The address once the server has bound its port (set once by `marks serve`, read by every request).
    public final class Holder: Sendable {
        private let value = Mutex<ListenAddress?>(nil)

        /// An empty holder.
        public init() {}

        /// The bound address, nil before the server listens.
        public var address: ListenAddress? { value.withLock { $0 } }

        /// Records the bound address.
        public func set(_ address: ListenAddress) {
            value.withLock { $0 = address }
        }
    }

    // MARK: The state file

    /// `serve.json` in the data directory.
    public static func file(in dataDirectory: URL) -> URL {
        dataDirectory.appendingPathComponent("serve.json")
    }

    /// What `serve.json` holds: the address, and the process that wrote it (absent in files older servers wrote).
    private struct Record: Codable {
        var host: String
        var port: Int
        var pid: Int32?
    }

    /// Records the address for other processes (written atomically, mode 0600), with the writing process's id
    /// `pid`, so that only this server removes the record when it stops.
    public func save(in dataDirectory: URL, pid: Int32) throws {
        let data = try JSONEncoder().encode(Record(host: host, port: port, pid: pid))
        try AtomicFile.write(data, to: Self.file(in: dataDirectory), mode: 0o600)
    }

    /// The address a running server recorded; nil when none is recorded.
    public static func load(from dataDirectory: URL) throws -> ListenAddress? {
        try record(in: dataDirectory).map { ListenAddress(host: $0.host, port: $0.port) }
    }

    /// Forgets the recorded address when process `pid` wrote it (that server stopped). A server that stops
    /// slowly leaves alone the record of one started on the same data directory meanwhile — even on the same
    /// port; a record without a process id is removed when it names `address`.
    public static func remove(from dataDirectory: URL, writtenBy pid: Int32, address: ListenAddress) throws {
        guard let record = try record(in: dataDirectory) else { return }
        let written = record.pid.map { $0 == pid } ?? (ListenAddress(host: record.host, port: record.port) == address)
        guard written else { return }
        try FileManager.default.removeItem(at: file(in: dataDirectory))
    }

    private static func record(in dataDirectory: URL) throws -> Record? {
        let file = file(in: dataDirectory)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return try JSONDecoder().decode(Record.self, from: Data(contentsOf: file))
    }
}
