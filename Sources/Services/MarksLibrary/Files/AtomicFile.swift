import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Atomic file writes: a temp file beside the target, fsync, rename — a reader sees the old file or the new one, never half.
public enum AtomicFile {
    /// A write that failed, with the path and the system's reason.
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "Could not write \(path): \(reason)" }
    }

    /// Writes `data` to `url` atomically with the given permission bits, creating the parent directory (0700).
    public static func write(_ data: Data, to url: URL, mode: mode_t = 0o600) throws {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw WriteError(path: directory.path, reason: error.localizedDescription)
        }
        let temp = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw WriteError(path: temp.path, reason: String(cString: strerror(errno))) }
        var ok = true
        var reason = ""
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let n = Glibc.write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    ok = false
                    reason = String(cString: strerror(errno))
                    return
                }
                offset += n
            }
        }
        if ok && fchmod(fd, mode) != 0 { ok = false; reason = String(cString: strerror(errno)) }
        if ok && fsync(fd) != 0 { ok = false; reason = String(cString: strerror(errno)) }
        close(fd)
        if ok && rename(temp.path, url.path) != 0 { ok = false; reason = String(cString: strerror(errno)) }
        if !ok {
            unlink(temp.path)
            throw WriteError(path: url.path, reason: reason)
        }
    }

    /// The permission bits of a file, or nil when it does not exist.
    public static func permissions(of url: URL) -> mode_t? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }
}
