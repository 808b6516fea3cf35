import Foundation

/// Where Marks keeps its files, from the XDG variables: config in `$XDG_CONFIG_HOME/marks/`,
/// data in `$XDG_DATA_HOME/marks/` (or an explicit data dir), caches in `$XDG_CACHE_HOME/marks/`.
public struct MarksPaths: Sendable, Equatable {
    public var configDirectory: URL
    public var dataDirectory: URL
    public var cacheDirectory: URL

    /// Paths from an environment; `dataDirectory` (from `--data`) wins over `MARKS_DATA_DIR` and the XDG default.
    /// A relative data dir is taken from `currentDirectory`.
    public init(environment env: [String: String], dataDirectory explicit: String? = nil, currentDirectory: String) {
        let home = env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/root"
        func xdg(_ key: String, _ fallback: String) -> URL {
            if let value = env[key], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return URL(fileURLWithPath: home).appendingPathComponent(fallback)
        }
        configDirectory = xdg("XDG_CONFIG_HOME", ".config").appendingPathComponent("marks")
        cacheDirectory = xdg("XDG_CACHE_HOME", ".cache").appendingPathComponent("marks")
        if let explicit = explicit ?? env["MARKS_DATA_DIR"].flatMap({ $0.isEmpty ? nil : $0 }) {
            let base = explicit.hasPrefix("/") ? URL(fileURLWithPath: explicit)
                : URL(fileURLWithPath: currentDirectory).appendingPathComponent(explicit)
            dataDirectory = base.standardizedFileURL
        } else {
            dataDirectory = xdg("XDG_DATA_HOME", ".local/share").appendingPathComponent("marks")
        }
    }

    /// `config.json` in the config dir.
    public var configFile: URL { configDirectory.appendingPathComponent("config.json") }
    /// The main database in the data dir.
    public var databaseFile: URL { dataDirectory.appendingPathComponent("marks.sqlite") }
    /// Scratch files of child processes (espeak-ng's text): inside the 0700 data directory, never the shared `/tmp`.
    public var scratchDirectory: URL { dataDirectory.appendingPathComponent("tmp") }
}
