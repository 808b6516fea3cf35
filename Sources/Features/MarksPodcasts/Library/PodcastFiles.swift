import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The audio files of the podcast library: a download goes to a hidden temp file beside its destination and is
/// renamed into place once whole (a reader never sees half an MP3); an in-process backend's file is hard-linked
/// (or copied, across file systems) the same way.
public enum PodcastFiles {
    /// A temp file being written for `destination`.
    final class Partial {
        let destination: URL
        let temp: URL
        private let handle: FileHandle
        private var bytes = 0

        init(destination: URL, temp: URL, handle: FileHandle) {
            self.destination = destination
            self.temp = temp
            self.handle = handle
        }

        func append(_ data: Data) throws {
            do {
                try handle.write(contentsOf: data)
                bytes += data.count
            } catch {
                throw PodcastIndexError.file(path: temp.path, reason: error.localizedDescription)
            }
        }

        /// Flushes, closes and renames the file into place; returns its size.
        func commit() throws -> Int {
            do {
                try handle.synchronize()
                try handle.close()
            } catch {
                throw PodcastIndexError.file(path: temp.path, reason: error.localizedDescription)
            }
            try PodcastFiles.rename(temp, to: destination)
            return bytes
        }

        /// Closes and removes the temp file.
        func discard() {
            do { try handle.close() } catch {}  // already closed by a failed commit
            PodcastFiles.remove(temp)
        }
    }

    /// Opens a new temp file for `destination` (creating its folder).
    static func partialFile(for destination: URL) throws -> Partial {
        let temp = try tempFile(for: destination)
        guard FileManager.default.createFile(atPath: temp.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw PodcastIndexError.file(path: temp.path, reason: "it could not be created")
        }
        do {
            return Partial(destination: destination, temp: temp, handle: try FileHandle(forWritingTo: temp))
        } catch {
            remove(temp)
            throw PodcastIndexError.file(path: temp.path, reason: error.localizedDescription)
        }
    }

    /// Puts `source`'s file at `destination`: a hard link when both are on one file system, else a copy; either way
    /// through a temp name and a rename. Returns the size.
    public static func place(_ source: URL, at destination: URL) throws -> Int {
        let temp = try tempFile(for: destination)
        if link(source.path, temp.path) != 0 {
            do {
                try FileManager.default.copyItem(at: source, to: temp)
            } catch {
                remove(temp)
                throw PodcastIndexError.file(path: destination.path, reason: "the audio could not be copied: \(error.localizedDescription)")
            }
        }
        do {
            try rename(temp, to: destination)
        } catch {
            remove(temp)
            throw error
        }
        return size(of: destination) ?? 0
    }

    /// The size of a file, nil when there is none.
    public static func size(of url: URL) -> Int? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    static func tempFile(for destination: URL) throws -> URL {
        let folder = destination.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw PodcastIndexError.file(path: folder.path, reason: error.localizedDescription)
        }
        return folder.appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString.lowercased()).part")
    }

    static func rename(_ from: URL, to: URL) throws {
        guard Glibc.rename(from.path, to.path) == 0 else {
            let reason = String(cString: strerror(errno))
            remove(from)
            throw PodcastIndexError.file(path: to.path, reason: reason)
        }
    }

    static func remove(_ url: URL) {
        _ = unlink(url.path)  // a temp file: gone already is fine, and there is nothing else to do
    }
}
