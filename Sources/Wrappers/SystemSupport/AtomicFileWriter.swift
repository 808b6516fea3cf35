import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `AtomicFile`'s procedure for a file too long to hold in memory (an episode's MP3): bytes are appended to a temp
/// file beside the target as they are made (and may be patched in place, such as a header written last), then
/// `commit()` fsyncs it, renames it over the target and fsyncs the directory. Until then the target is untouched;
/// a writer dropped or `discard()`ed without a commit removes its temp file, so a failure (the disk full) leaves
/// no partial file behind. A file-size limit makes writes fail with EFBIG instead of ending the process (SIGXFSZ is
/// ignored process-wide). One owner at a time.
public final class AtomicFileWriter {
    /// Where the file goes on `commit()`.
    public let destination: URL
    private let temp: URL
    private let mode: mode_t
    private var fd: Int32
    /// Bytes appended so far.
    public private(set) var size = 0

    private static let ignoreFileSizeSignal: Void = { _ = signal(SIGXFSZ, SIG_IGN) }()

    /// A writer for `destination` with exactly the permission bits `mode`, creating its directory (0700).
    public init(destination: URL, mode: mode_t = 0o600) throws(AtomicFile.WriteError) {
        _ = Self.ignoreFileSizeSignal
        let directory = destination.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw AtomicFile.WriteError(path: directory.path, reason: error.localizedDescription)
        }
        self.destination = destination
        self.mode = mode
        temp = directory.appendingPathComponent(".\(destination.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw AtomicFile.WriteError(path: temp.path, reason: String(cString: strerror(errno))) }
    }

    deinit {
        discard()
    }

    /// Appends `bytes`.
    public func append(_ bytes: UnsafeRawBufferPointer) throws(AtomicFile.WriteError) {
        try write(bytes, at: size)
        size += bytes.count
    }

    /// Appends `bytes`.
    public func append(_ bytes: [UInt8]) throws(AtomicFile.WriteError) {
        let result: Result<Void, AtomicFile.WriteError> = bytes.withUnsafeBytes { raw in
            do throws(AtomicFile.WriteError) { try append(raw); return .success(()) } catch { return .failure(error) }
        }
        try result.get()
    }

    /// Writes `bytes` over what is at `offset` (which must lie within what was appended).
    public func overwrite(_ bytes: [UInt8], at offset: Int) throws(AtomicFile.WriteError) {
        guard offset >= 0, offset + bytes.count <= size else {
            throw AtomicFile.WriteError(path: temp.path, reason: "a patch at \(offset) (\(bytes.count) bytes) lies outside the \(size) bytes written")
        }
        let result: Result<Void, AtomicFile.WriteError> = bytes.withUnsafeBytes { raw in
            do throws(AtomicFile.WriteError) { try write(raw, at: offset); return .success(()) } catch { return .failure(error) }
        }
        try result.get()
    }

    /// Makes the file durable and puts it in place of the destination.
    public func commit() throws(AtomicFile.WriteError) {
        guard fd >= 0 else { throw AtomicFile.WriteError(path: destination.path, reason: "the file was already committed or discarded") }
        var reason: String?
        if fchmod(fd, mode) != 0 || fsync(fd) != 0 { reason = String(cString: strerror(errno)) }
        if close(fd) != 0, reason == nil { reason = String(cString: strerror(errno)) }
        fd = -1
        if reason == nil, rename(temp.path, destination.path) != 0 { reason = String(cString: strerror(errno)) }
        if let reason {
            unlink(temp.path)
            throw AtomicFile.WriteError(path: destination.path, reason: reason)
        }
        try AtomicFile.syncDirectory(destination.deletingLastPathComponent())
    }

    /// Drops the temp file (nothing at the destination changes). Does nothing after a commit.
    public func discard() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        unlink(temp.path)
    }

    private func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(AtomicFile.WriteError) {
        guard fd >= 0 else { throw AtomicFile.WriteError(path: destination.path, reason: "the file was already committed or discarded") }
        var done = 0
        while done < bytes.count, let base = bytes.baseAddress {
            let written = pwrite(fd, base + done, bytes.count - done, off_t(offset + done))
            if written < 0 {
                if errno == EINTR { continue }
                throw AtomicFile.WriteError(path: destination.path, reason: String(cString: strerror(errno)))
            }
            done += written
        }
    }
}
