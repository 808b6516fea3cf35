import CryptoPrimitives
import Foundation

/// The originals on disk under `<data>/sources/`: `files/<uuid>/original` (never the user's filename), and
/// `incoming/` where a file is copied or streamed (hashed as it arrives) before it has a row.
struct DocumentFiles: Sendable {
    /// A file in `incoming/`, complete, with its size and hash.
    struct Staged: Sendable {
        let url: URL
        let byteSize: Int
        let sha256: String
    }

    let root: URL

    var incoming: URL { root.appendingPathComponent("incoming", isDirectory: true) }

    /// The original of source `id`.
    func original(_ id: UUID) -> URL {
        root.appendingPathComponent("files", isDirectory: true).appendingPathComponent(id.uuidString.lowercased(), isDirectory: true)
            .appendingPathComponent("original")
    }

    /// A fresh path in `incoming/` (its directory created) for an upload to stream into.
    func incomingFile() throws -> URL {
        try Self.makeDirectory(incoming)
        return incoming.appendingPathComponent(UUID().uuidString.lowercased())
    }

    /// Copies `source` into `incoming/` in chunks, hashing it; more than `limit` bytes is `tooLarge` (and
    /// nothing is left behind).
    func stage(copying source: URL, limit: Int) throws -> Staged {
        let target = try incomingFile()
        guard FileManager.default.createFile(atPath: target.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw DocumentError.file(path: target.path, reason: "could not create the file")
        }
        do {
            let input = try open(source, forWriting: false)
            defer { close(input) }
            let output = try open(target, forWriting: true)
            defer { close(output) }
            let (total, sha256) = try Self.hash(input, limit: limit, copyingTo: output)
            try output.synchronize()
            return Staged(url: target, byteSize: total, sha256: sha256)
        } catch {
            discard(target)
            if let error = error as? DocumentError { throw error }
            throw DocumentError.file(path: source.path, reason: error.localizedDescription)
        }
    }

    /// Reads `input` to its end in 1 MB chunks, hashing each (and writing it to `output` when given); more than
    /// `limit` bytes is `tooLarge`. Returns the byte count and the SHA-256 in hex.
    private static func hash(_ input: FileHandle, limit: Int, copyingTo output: FileHandle?) throws -> (Int, String) {
        let hasher = SHA256.Hasher()
        var total = 0
        while true {
            let chunk = try input.read(upToCount: 1 << 20) ?? Data()
            if chunk.isEmpty { break }
            total += chunk.count
            guard total <= limit else { throw DocumentError.tooLarge(limit: limit) }
            chunk.withUnsafeBytes { hasher.update($0) }
            try output?.write(contentsOf: chunk)
        }
        return (total, hasher.finalHex())
    }

    /// Hashes a file already in `incoming/` (an upload streamed there); over `limit` it is removed and `tooLarge`.
    func stage(streamed file: URL, limit: Int) throws -> Staged {
        do {
            let input = try open(file, forWriting: false)
            defer { close(input) }
            let (total, sha256) = try Self.hash(input, limit: limit, copyingTo: nil)
            return Staged(url: file, byteSize: total, sha256: sha256)
        } catch {
            discard(file)
            if let error = error as? DocumentError { throw error }
            throw DocumentError.file(path: file.path, reason: error.localizedDescription)
        }
    }

    /// Moves a staged file to `files/<id>/original`.
    func commit(_ staged: Staged, id: UUID) throws {
        let target = original(id)
        do {
            try Self.makeDirectory(target.deletingLastPathComponent())
            try FileManager.default.moveItem(at: staged.url, to: target)
        } catch {
            throw DocumentError.file(path: target.path, reason: error.localizedDescription)
        }
    }

    /// Removes source `id`'s directory (its original), if there is one.
    func remove(_ id: UUID) throws {
        let directory = original(id).deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: directory.path) else { return }
        do {
            try FileManager.default.removeItem(at: directory)
        } catch {
            throw DocumentError.file(path: directory.path, reason: error.localizedDescription)
        }
    }

    /// Removes a staged file that will not be kept.
    func discard(_ file: URL) {
        do { try FileManager.default.removeItem(at: file) } catch {} // already gone: nothing to discard
    }

    private func open(_ url: URL, forWriting: Bool) throws -> FileHandle {
        forWriting ? try FileHandle(forWritingTo: url) : try FileHandle(forReadingFrom: url)
    }

    private func close(_ handle: FileHandle) {
        do { try handle.close() } catch {} // the data was synchronised (or only read) before
    }

    private static func makeDirectory(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
}
