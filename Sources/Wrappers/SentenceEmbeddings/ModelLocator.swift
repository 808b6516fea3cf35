import Foundation

/// Finds the all-MiniLM-L6-v2 model directory: `$MARKS_MODEL_DIR` first, then the cache directory
/// `scripts/fetch-model.sh` installs into (`${XDG_CACHE_HOME:-$HOME/.cache}/marks/models/all-MiniLM-L6-v2`).
public struct ModelLocator: Sendable {
    /// The files a model directory must hold.
    public static let requiredFiles = ["model.safetensors", "vocab.txt"]
    /// The model's name, also the last component of the cache directory.
    public static let modelName = "all-MiniLM-L6-v2"

    private let environment: [String: String]

    /// A locator reading `MARKS_MODEL_DIR`, `XDG_CACHE_HOME` and `HOME` from `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// `$MARKS_MODEL_DIR` when set (non-empty).
    public var configuredDirectory: URL? {
        value("MARKS_MODEL_DIR").map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// The cache directory the fetch script uses when `MARKS_MODEL_DIR` is not set.
    public var cacheDirectory: URL {
        let cacheHome = value("XDG_CACHE_HOME").map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? URL(fileURLWithPath: value("HOME") ?? NSHomeDirectory(), isDirectory: true)
                .appendingPathComponent(".cache", isDirectory: true)
        return cacheHome
            .appendingPathComponent("marks", isDirectory: true)
            .appendingPathComponent("models", isDirectory: true)
            .appendingPathComponent(Self.modelName, isDirectory: true)
    }

    /// Where `scripts/fetch-model.sh` installs the model with this environment.
    public var installDirectory: URL { configuredDirectory ?? cacheDirectory }

    /// The directories searched, in order.
    public var candidateDirectories: [URL] {
        [configuredDirectory, cacheDirectory].compactMap { $0 }
    }

    /// The first candidate directory holding every required file, or nil.
    public func locate() -> URL? {
        candidateDirectories.first(where: Self.isComplete)
    }

    /// The model directory, or `EmbeddingError.modelNotFound` with `missingModelMessage`.
    public func requireDirectory() throws -> URL {
        guard let directory = locate() else { throw EmbeddingError.modelNotFound(message: missingModelMessage) }
        return directory
    }

    /// What to tell a user whose model is missing.
    public var missingModelMessage: String {
        let searched = candidateDirectories.map(\.path).joined(separator: ", ")
        return "The sentence-embedding model (\(Self.modelName)) is not installed, so semantic search is off; "
            + "keyword search still works. Run `make model` (or `scripts/fetch-model.sh`) to download it into "
            + "\(installDirectory.path), or set MARKS_MODEL_DIR to a directory holding "
            + "\(Self.requiredFiles.joined(separator: " and ")). Searched: \(searched)."
    }

    /// What to tell a user who pointed Marks at `directory` when it lacks the model files.
    public static func incompleteDirectoryMessage(_ directory: URL) -> String {
        "\(directory.path) does not hold the sentence-embedding model (\(requiredFiles.joined(separator: " and "))), "
            + "so semantic search is off; keyword search still works. Run `make model` (or `scripts/fetch-model.sh`), "
            + "with MARKS_MODEL_DIR=\(directory.path) to install it there."
    }

    /// True when `directory` holds every required file.
    public static func isComplete(_ directory: URL) -> Bool {
        requiredFiles.allSatisfy { name in
            var isDirectory: ObjCBool = false
            let path = directory.appendingPathComponent(name).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    private func value(_ name: String) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }
}
