import CryptoPrimitives
import Foundation
import MarksCore

extension PodcastEntry {
    /// The scheme of a source's item URL (`marks-source://<uuid>`).
    public static let sourceScheme = "marks-source"

    /// The stable key for an item URL: the first 32 hex digits of the SHA-256 of the URL normalised
    /// (`URLNormalizer`: scheme and host lower-cased, trailing slashes and query order ignored), so the same
    /// article always has the same episode and file name.
    public static func key(for url: String) -> String {
        String(SHA256.hex(URLNormalizer.normalize(url)).prefix(32))
    }

    /// The item URL of a source.
    public static func sourceURL(_ sourceID: String) -> String {
        "\(sourceScheme)://\(sourceID.lowercased())"
    }

    /// The source uuid in a `marks-source://<uuid>` URL, or nil for another URL.
    public static func sourceID(in url: String) -> String? {
        let prefix = sourceScheme + "://"
        guard url.lowercased().hasPrefix(prefix) else { return nil }
        let rest = url.dropFirst(prefix.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let uuid = UUID(uuidString: String(rest)) else { return nil }
        return uuid.uuidString.lowercased()
    }

    /// True for a key this library makes (32 lower-case hex digits).
    public static func isValidKey(_ key: String) -> Bool {
        key.utf8.count == 32 && key.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
