import MarksTestSupport
import Foundation
import Testing
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

/// File descriptors are process-wide and other tests run in parallel, so instead of comparing
/// total counts these tests find the exact descriptors this server owns in /proc/self/fd
/// (its listening socket, the epoll sets watching it, their eventfds), mark each open file with
/// F_SETOWN (an attribute of the open file itself, not of the descriptor number), and check after
/// stop that no descriptor still carries the mark.
@Suite struct ResourceTests {
    static func descriptors() -> [Int32: String] {
        var result: [Int32: String] = [:]
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") } catch { return [:] }
        for name in names {
            guard let fd = Int32(name) else { continue }
            do {
                result[fd] = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)")
            } catch {}
        }
        return result
    }

    /// Reads a /proc file to its end (they report size 0 and hand out a page per read).
    static func readProc(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func listeningInode(port: Int) -> String? {
        for table in ["/proc/self/net/tcp", "/proc/self/net/tcp6"] {
            guard let text = readProc(table) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 9, fields[3] == "0A" else { continue }
                if let portHex = fields[1].split(separator: ":").last, Int(portHex, radix: 16) == port {
                    return String(fields[9])
                }
            }
        }
        return nil
    }

    /// The listening socket, the epoll descriptors that watch it, and everything those watch.
    static func ownedDescriptors(port: Int) throws -> [Int32] {
        let inode = try #require(listeningInode(port: port))
        let all = descriptors()
        let listener = try #require(all.first { $0.value == "socket:[\(inode)]" }?.key)
        var owned: Set<Int32> = [listener]
        for (fd, target) in all where target == "anon_inode:[eventpoll]" {
            guard let info = readProc("/proc/self/fdinfo/\(fd)") else { continue }
            let watched = info.split(separator: "\n").compactMap { line -> Int32? in
                guard line.hasPrefix("tfd:") else { return nil }
                return line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int32($0) }
            }
            if watched.contains(listener) {
                owned.insert(fd)
                owned.formUnion(watched)
            }
        }
        return owned.sorted()
    }

    /// Marks the open file behind `fd` (F_SETOWN only matters with O_ASYNC or out-of-band data).
    static func mark(_ fd: Int32) -> Bool {
        fcntl(fd, F_SETOWN, getpid()) == 0
    }

    static func isMarked(_ fd: Int32) -> Bool {
        fcntl(fd, F_GETOWN) == getpid()
    }

    @Test func startStopCyclesLeakNoDescriptors() async throws {
        let site = try TemporaryDirectory()
        defer { site.cleanUp() }
        try site.write("episode.mp3", Data(repeating: 7, count: 200_000))
        let files = StaticFiles(root: site.path)
        for _ in 0..<5 {
            let server = HTTPServer(responder: files)
            let port = try server.start()
            let owned = try Self.ownedDescriptors(port: port)
            #expect(owned.count >= 3)  // the listener, at least one epoll set, at least one eventfd
            for fd in owned { #expect(Self.mark(fd)) }

            let connection = try RawConnection(port: port)
            for range in ["", "Range: bytes=0-99\r\n", "Range: bytes=-5\r\n"] {
                await connection.send("GET /episode.mp3 HTTP/1.1\r\nHost: x\r\n\(range)\r\n")
                #expect(try await connection.readResponse().status != 404)
            }
            await connection.send("HEAD /episode.mp3 HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try await connection.readResponse(bodyExpected: false)
            let abandoned = try RawConnection(port: port)
            await abandoned.send("GET /episode.mp3 HTTP/1.1\r\nHost: x\r\n\r\n")
            await server.stop()

            for fd in Self.descriptors().keys {
                #expect(!Self.isMarked(fd), "descriptor \(fd) of the stopped server is still open")
            }
            #expect(!Self.descriptors().values.contains { $0.hasPrefix(site.path) }, "a served file is still open")
            #expect(server.liveRequestContexts == 0)
        }
    }
}
