import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What `BackendClient` keeps between runs, in one JSON file of mode 0600: the device id it made once,
/// and the last token with its expiry and the backend it came from.
struct BackendCredentials: Codable, Equatable, Sendable {
    var deviceID: String
    var backendURL: String?
    var token: String?
    var expiresAt: Date?

    enum CodingKeys: String, CodingKey {
        case deviceID = "device_id"
        case backendURL = "backend_url"
        case token
        case expiresAt = "expires_at"
    }

    /// The credentials stored in `file`, or nil when there is no file.
    static func load(from file: URL) throws(BackendClientError) -> BackendCredentials? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            return try decoder.decode(BackendCredentials.self, from: Data(contentsOf: file))
        } catch {
            throw .credentials("\(file.path) is unreadable or not a token file (\(error.localizedDescription)); remove it to register again")
        }
    }

    /// Writes the credentials to `file` atomically with mode 0600 (parent directory 0700 when made).
    func save(to file: URL) throws(BackendClientError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(self)
        } catch {
            throw .credentials("the token could not be encoded: \(error)")
        }
        let directory = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .credentials("cannot create \(directory.path): \(error.localizedDescription)")
        }
        let temporary = directory.appendingPathComponent(".\(file.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .credentials("cannot write \(temporary.path): \(String(cString: strerror(errno)))") }
        var failure: String?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let written = write(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary.path, file.path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary.path)
            throw .credentials("cannot write \(file.path): \(failure)")
        }
    }
}
