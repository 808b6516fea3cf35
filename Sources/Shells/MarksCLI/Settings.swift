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

    static func load(_ arguments: ParsedArguments, context: CLIContext) throws -> Settings {
        let paths = MarksPaths(environment: context.environment, dataDirectory: arguments.option("data"),
                               currentDirectory: context.currentDirectory)
        let store = ConfigStore(file: paths.configFile)
        if let warning = store.permissionWarning() { context.printError(warning) }
        let config = try store.load().applying(environment: context.environment)
        var settings = Settings(paths: paths, config: config, store: store)
        if let text = context.environment["MARKS_TIMEOUT"] {
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3600 else {
                throw CLIFailure("MARKS_TIMEOUT must be a number of seconds between 0 and 3600, not \"\(text.prefix(40))\".")
            }
            settings.requestTimeout = seconds
        }
        return settings
    }
}
