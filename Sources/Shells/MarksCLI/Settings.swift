import Foundation
import MarksCore
import MarksLibrary

/// The configuration a command runs with: file, then `MARKS_*` environment, then flags. Warns once when
/// the config file is readable by others.
struct Settings: Sendable {
    let paths: MarksPaths
    let config: MarksConfig
    let store: ConfigStore

    static func load(_ arguments: ParsedArguments, context: CLIContext) throws -> Settings {
        let paths = MarksPaths(environment: context.environment, dataDirectory: arguments.option("data"),
                               currentDirectory: context.currentDirectory)
        let store = ConfigStore(file: paths.configFile)
        if let warning = store.permissionWarning() { context.printError(warning) }
        let config = try store.load().applying(environment: context.environment)
        return Settings(paths: paths, config: config, store: store)
    }
}
