import Foundation
import MarksCore
import SystemSupport

/// Reads and writes `config.json`: a missing file is the default configuration; the file is written
/// atomically with mode 0600 (it holds tokens and keys); a file others can read yields a warning.
public struct ConfigStore: Sendable {
    /// A config file that could not be read or written, with what to do about it.
    public enum ConfigError: Error, CustomStringConvertible, Sendable {
        case unreadable(path: String, reason: String)
        case malformed(path: String, reason: String)
        case unwritable(path: String, reason: String)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): return "Cannot read \(path): \(reason)"
            case .malformed(let path, let reason): return "\(path) is not valid Marks configuration (\(reason)). Fix or remove it."
            case .unwritable(let path, let reason): return "Cannot write \(path): \(reason)"
            }
        }
    }

    public let file: URL

    /// A store for the given file.
    public init(file: URL) {
        self.file = file
    }

    /// The saved configuration (the default when there is no file).
    public func load() throws -> MarksConfig {
        guard FileManager.default.fileExists(atPath: file.path) else { return MarksConfig() }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ConfigError.unreadable(path: file.path, reason: error.localizedDescription)
        }
        do {
            return try JSONDecoder().decode(MarksConfig.self, from: data)
        } catch {
            throw ConfigError.malformed(path: file.path, reason: Self.describe(error))
        }
    }

    /// A warning when the file can be read by the group or others, else nil.
    public func permissionWarning() -> String? {
        guard let mode = AtomicFile.permissions(of: file), mode & 0o077 != 0 else { return nil }
        return "warning: \(file.path) is readable by others (mode \(String(mode, radix: 8))); it may hold tokens. Run: chmod 600 \(file.path)"
    }

    /// Saves the configuration atomically with mode 0600.
    public func save(_ config: MarksConfig) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try AtomicFile.write(try encoder.encode(config), to: file, mode: 0o600)
        } catch let error as AtomicFile.WriteError {
            throw ConfigError.unwritable(path: file.path, reason: error.reason)
        } catch {
            throw ConfigError.unwritable(path: file.path, reason: error.localizedDescription)
        }
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
             DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default:
            return "not JSON"
        }
    }
}
