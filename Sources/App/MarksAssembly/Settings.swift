import Foundation
import MarksClients
import MarksCore
import MarksBookmarks

/// The configuration the app is built from: file, then `MARKS_*` environment, then flags (MarksCLI's
/// `Settings.load` reads them from a command line).
public struct Settings: Sendable {
    /// Where the configuration file, the data directory and the scratch space are.
    public let paths: MarksPaths
    /// The configuration file's settings with the environment applied.
    public var config: MarksConfig
    /// The configuration file (Settings → Save writes it).
    public let store: ConfigStore
    /// How long a request to linkding may take: `MARKS_TIMEOUT` seconds, else `LinkdingClient.defaultTimeout`.
    public var requestTimeout: TimeInterval = LinkdingClient.defaultTimeout
    /// The PostgreSQL database `marks serve` shares its backend through (`--database`, else `MARKS_DATABASE_URL`);
    /// nil keeps the backend in the data directory's SQLite file.
    public var databaseURL: String?

    /// Settings from their parts.
    public init(paths: MarksPaths, config: MarksConfig, store: ConfigStore, requestTimeout: TimeInterval = LinkdingClient.defaultTimeout,
                databaseURL: String? = nil) {
        self.paths = paths
        self.config = config
        self.store = store
        self.requestTimeout = requestTimeout
        self.databaseURL = databaseURL
    }
}

extension Settings {
    /// Settings over `dataDirectory` with `config` as given (no configuration file read, no environment applied): for
    /// tests and marks-bench. Its configuration file would be `config/config.json` inside the data directory.
    public init(dataDirectory: URL, config: MarksConfig = MarksConfig()) {
        let paths = MarksPaths(environment: [:], dataDirectory: dataDirectory.path, currentDirectory: "/")
        self.init(paths: paths, config: config, store: ConfigStore(file: dataDirectory.appendingPathComponent("config/config.json")))
    }
}
