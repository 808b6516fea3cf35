import Foundation
import MarksClients
import MarksCore
import MarksLibrary

/// The configuration a command runs with: file, then `MARKS_*` environment, then flags. Warns once when
/// the config file is readable by others.
struct Settings: Sendable {
    let paths: MarksPaths
    var config: MarksConfig
    let store: ConfigStore
    /// How long a request to linkding may take: `MARKS_TIMEOUT` seconds, else `LinkdingClient.defaultTimeout`.
    var requestTimeout: TimeInterval = LinkdingClient.defaultTimeout
    /// The PostgreSQL database `marks serve` shares its backend through (`--database`, else `MARKS_DATABASE_URL`);
    /// nil keeps the backend in the data directory's SQLite file.
    var databaseURL: String?

    static func load(_ arguments: ParsedArguments, context: CLIContext) throws -> Settings {
        let paths = MarksPaths(environment: context.environment, dataDirectory: arguments.option("data"),
                               currentDirectory: context.currentDirectory)
        let store = ConfigStore(file: paths.configFile)
        if let warning = store.permissionWarning() { context.printError(warning) }
        let config = try store.load().applying(environment: context.environment)
        var settings = Settings(paths: paths, config: config, store: store)
        settings.databaseURL = try sharedDatabase(arguments.option("database") ?? context.environment["MARKS_DATABASE_URL"])
        if let text = context.environment["MARKS_TIMEOUT"] {
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3600 else {
                throw CLIFailure("MARKS_TIMEOUT must be a number of seconds between 0 and 3600, not \"\(text.prefix(40))\".")
            }
            settings.requestTimeout = seconds
        }
        return settings
    }

    /// A `postgres://` or `postgresql://` URL, or nil for none (an empty value is none).
    static func sharedDatabase(_ value: String?) throws -> String? {
        guard let value, !value.isEmpty else { return nil }
        guard value.hasPrefix("postgres://") || value.hasPrefix("postgresql://") else {
            throw CLIFailure("--database (or MARKS_DATABASE_URL) must be a postgres:// URL such as postgres://marks@db.internal/marks.")
        }
        return value
    }
}
