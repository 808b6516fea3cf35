import Foundation
import MarksCore
import MarksLibrary

/// The configuration a command runs with: file, then `MARKS_*` environment, then flags. Warns once when
/// the config file is readable by others.
struct Settings {
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

extension Settings {
    /// The library over the configured bookmark source (the embedded store or a linkding server), with its
    /// cache and AI metadata in the data dir's database; `indexed` keeps the search index in step.
    func library(context: CLIContext, indexed: Bool = true) throws -> LibraryService {
        let data = try LocalData(paths: paths, now: context.now)
        let source = try bookmarkSource(data: data)
        return LibraryService(
            source: source,
            widgets: WidgetDataStore(directory: paths.dataDirectory),
            now: context.now,
            warn: { context.printError("warning: \($0)") },
            observers: indexed ? indexObservers(context: context, source: source, database: data.database) : [],
            cache: try BookmarkCache(database: data.database, for: source)
        )
    }
}
