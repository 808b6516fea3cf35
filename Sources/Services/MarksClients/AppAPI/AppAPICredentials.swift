import Foundation
import SystemSupport

/// What `AppAPIClient` keeps between runs, in one JSON file of mode 0600: the device id it made once,
/// and the last token with its expiry and the backend it came from.
struct AppAPICredentials: Codable, Equatable, Sendable {
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
    static func load(from file: URL) throws(AppAPIClientError) -> AppAPICredentials? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            return try decoder.decode(AppAPICredentials.self, from: Data(contentsOf: file))
        } catch {
            throw .credentials("\(file.path) is unreadable or not a token file (\(error.localizedDescription)); remove it to register again")
        }
    }

    /// Writes the credentials to `file` atomically with mode 0600 (parent directory 0700 when made).
    func save(to file: URL) throws(AppAPIClientError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(self)
        } catch {
            throw .credentials("the token could not be encoded: \(error)")
        }
        do {
            try AtomicFile.write(data, to: file, mode: 0o600)
        } catch {
            throw .credentials("cannot write \(file.path): \(error.reason)")
        }
    }
}
