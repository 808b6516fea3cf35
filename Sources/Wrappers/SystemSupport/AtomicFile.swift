import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Atomic, durable file writes: a temp file beside the target, write, fsync the file, rename over the target,
/// fsync the directory — a reader sees the old file or the new one, never half, and after a crash the new
/// name survives. The one copy of this procedure in the package: every file that matters is written with it.
public enum AtomicFile {
    /// A write that failed, with the path and the system's reason.
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: String
        public var description: String { "Could not write \(path): \(reason)" }

        /// A failure to write `path` for `reason`.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Writes `data` to `url` atomically with exactly the permission bits `mode` (the umask does not apply),
    /// creating the parent directory (0700). `durable: false` leaves out the two syncs, for many files written at once
    /// (an export's notes) that `syncFileSystems` then makes durable with one call.
    public static func write(_ data: Data, to url: URL, mode: mode_t = 0o600, durable: Bool = true) throws(WriteError) {
        let (fd, temp) = try begin(url, mode: mode)
        try finish(fd, temp: temp, url: url, mode: mode, failure: writeAll(fd, data), durable: durable)
    }

    /// Flushes what the file systems hold in memory to disk (`sync`): once, after many writes with `durable: false`.
    public static func syncFileSystems() {
        sync()
    }

    /// Writes what `produce` hands to its writer, part by part, to `url` atomically as `write(_:to:mode:)` does: the
    /// target appears only once `produce` returns; when it throws, the temp file goes and its error is rethrown;
    /// what `produce` returns is returned.
    public static func write<Result>(to url: URL, mode: mode_t = 0o600,
                                     _ produce: (_ write: (Data) throws -> Void) async throws -> Result) async throws -> Result {
        let (fd, temp) = try begin(url, mode: mode)
        let result: Result
        do {
            result = try await produce { data in
                if let reason = writeAll(fd, data) { throw WriteError(path: temp.path, reason: reason) }
            }
        } catch {
            close(fd)
            unlink(temp.path)
            throw error
        }
        try finish(fd, temp: temp, url: url, mode: mode, failure: nil)
        return result
    }

    /// The parent directory made (0700) and a new temp file beside `url`, open for writing.
    private static func begin(_ url: URL, mode: mode_t) throws(WriteError) -> (Int32, URL) {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw WriteError(path: directory.path, reason: error.localizedDescription)
        }
        let temp = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw WriteError(path: temp.path, reason: String(cString: strerror(errno))) }
        return (fd, temp)
    }

    /// Writes all of `data` to `fd`; the system's reason when it could not.
    private static func writeAll(_ fd: Int32, _ data: Data) -> String? {
        data.withUnsafeBytes { raw -> String? in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let n = Glibc.write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += n
            }
            return nil
        }
    }

    /// Sets the mode, syncs (when `durable`), closes and renames the temp file over `url`, then syncs the directory;
    /// on any failure (`failure` given, or one here) the temp file goes.
    private static func finish(_ fd: Int32, temp: URL, url: URL, mode: mode_t, failure: String?, durable: Bool = true) throws(WriteError) {
        var reason = failure
        if reason == nil && fchmod(fd, mode) != 0 { reason = String(cString: strerror(errno)) }
        if reason == nil && durable && fsync(fd) != 0 { reason = String(cString: strerror(errno)) }
        close(fd)
        if reason == nil && rename(temp.path, url.path) != 0 { reason = String(cString: strerror(errno)) }
        if let reason {
            unlink(temp.path)
            throw WriteError(path: url.path, reason: reason)
        }
        if durable { try syncDirectory(url.deletingLastPathComponent()) }
    }

    /// Flushes a directory's entries to disk, so a rename inside it survives a crash.
    static func syncDirectory(_ directory: URL) throws(WriteError) {
        let fd = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw WriteError(path: directory.path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        // EINVAL: the file system cannot sync directories (some FUSE and network mounts); the rename stands.
        guard fsync(fd) == 0 || errno == EINVAL else {
            throw WriteError(path: directory.path, reason: String(cString: strerror(errno)))
        }
    }

    /// The permission bits of a file, or nil when it does not exist.
    public static func permissions(of url: URL) -> mode_t? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }
}
