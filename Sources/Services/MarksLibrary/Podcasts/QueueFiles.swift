import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The file operations the podcast queue is built on: list a folder's request files, claim one by an atomic
/// rename (exactly one of several racing renames of a file succeeds), remove, read with a size cap.
enum QueueFiles {
    /// A queue file larger than this is not a request (it is quarantined unread).
    static let maximumFileBytes = 256 * 1024

    /// The request files (`<id>.json`, no dot files, regular files only) in a folder, by name; none when it does not exist.
    static func requestFiles(in directory: URL) throws -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch CocoaError.fileReadNoSuchFile {
            return []
        } catch {
            if !FileManager.default.fileExists(atPath: directory.path) { return [] }
            throw PodcastQueueError.fileSystem(path: directory.path, reason: error.localizedDescription)
        }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") && isRegularFile(directory.appendingPathComponent($0)) }.sorted()
    }

    /// Every entry of a folder but temp files, by name; none when it does not exist.
    static func entries(in directory: URL) throws -> [String] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw PodcastQueueError.fileSystem(path: directory.path, reason: error.localizedDescription)
        }
    }

    /// Renames `from` to `to` atomically. False when `from` is gone (another drain took it); throws on other failures.
    static func move(_ from: URL, to: URL) throws -> Bool {
        try makeDirectory(to.deletingLastPathComponent())
        if rename(from.path, to.path) == 0 { return true }
        let code = errno
        if code == ENOENT && !FileManager.default.fileExists(atPath: from.path) { return false }
        throw PodcastQueueError.fileSystem(path: from.path, reason: String(cString: strerror(code)))
    }

    /// Removes a file; a file already gone is fine.
    static func remove(_ url: URL) throws {
        if unlink(url.path) == 0 || errno == ENOENT { return }
        throw PodcastQueueError.fileSystem(path: url.path, reason: String(cString: strerror(errno)))
    }

    /// The file's bytes, or nil when it vanished; throws `tooLarge` for an oversized file.
    static func read(_ url: URL) throws -> Data? {
        guard let size = fileSize(url) else { return nil }
        guard size <= maximumFileBytes else { throw ReadFailure.tooLarge }
        do {
            return try Data(contentsOf: url)
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return nil }
            throw PodcastQueueError.fileSystem(path: url.path, reason: error.localizedDescription)
        }
    }

    /// The file's modification time.
    static func modificationDate(_ url: URL) -> Date? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }

    /// Creates a folder (0700) with its parents.
    static func makeDirectory(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw PodcastQueueError.fileSystem(path: url.path, reason: error.localizedDescription)
        }
    }

    enum ReadFailure: Error { case tooLarge }

    private static func fileSize(_ url: URL) -> Int? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    private static func isRegularFile(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
