import Foundation
import MarksAssembly
import MarksCore
import MarksBookmarks

/// `marks config`: shows the effective configuration (tokens masked) and where files live.
enum ConfigCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "config",
        abstract: "Show the effective configuration and where Marks keeps its files.",
        arguments: [.option("data", value: "DIR", help: "Data directory (default $XDG_DATA_HOME/marks).")],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let settings = try Settings.load(arguments, context: context)
        let config = settings.config
        let source = config.linkding.map { "linkding at \($0.baseURL?.absoluteString ?? $0.host)" } ?? "embedded store"
        if arguments.flag("json") {
            let value = JSONValue.object([
                ("config_file", .string(settings.paths.configFile.path)),
                ("data_dir", .string(settings.paths.dataDirectory.path)),
                ("bookmark_source", .string(config.linkding == nil ? "embedded" : "linkding")),
                ("linkding_url", .optional(config.linkding?.baseURL?.absoluteString)),
                ("linkding_token_set", .bool(!(config.linkding?.token.isEmpty ?? true))),
                ("backend_url", .optional(config.backendURL)),
                ("analytics_enabled", .bool(config.analyticsEnabled)),
            ])
            context.print(value.serialized)
        } else {
            context.print("config file:  \(settings.paths.configFile.path)")
            context.print("data dir:     \(settings.paths.dataDirectory.path)")
            context.print("bookmarks:    \(source)")
            context.print("backend:      \(config.backendURL ?? "in process")")
            context.print("analytics:    \(config.analyticsEnabled ? "on (stored locally only)" : "off")")
        }
        return ExitCode.success
    }
}
