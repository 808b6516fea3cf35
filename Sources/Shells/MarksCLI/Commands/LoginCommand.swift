import Foundation
import MarksAssembly
import MarksClients
import MarksCore
import MarksBookmarks

/// `marks login`: points Marks at a linkding server (verified before it is saved), or at the embedded store.
enum LoginCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "login",
        abstract: "Connect to a linkding server (verified first), or use the embedded store.",
        discussion: "The token is in linkding under Settings → Integrations → REST API. It is stored in the 0600 config file; MARKS_LINKDING_TOKEN also works.",
        arguments: [
            .option("host", value: "HOST", help: "linkding host name, e.g. links.example.com."),
            .option("port", value: "PORT", help: "Port, when not the scheme's default."),
            .option("path", value: "PREFIX", help: "Path prefix when linkding lives under one, e.g. /linkding."),
            .option("token", value: "TOKEN", help: "API token (or set MARKS_LINKDING_TOKEN)."),
            .flag("no-https", help: "Use plain http (only on a trusted network)."),
            .flag("embedded", help: "Use the embedded store of marks serve instead of a linkding server."),
            .flag("no-verify", help: "Save without contacting the server."),
            .option("data", value: "DIR", help: "Data directory."),
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let settings = try Settings.load(arguments, context: context)
        var config = try settings.store.load()
        if arguments.flag("embedded") {
            if arguments.option("host") != nil { throw arguments.usageError("--embedded and --host contradict each other") }
            config.linkding = nil
            try settings.store.save(config)
            report(arguments, context: context, source: "embedded", version: nil)
            return ExitCode.success
        }
        guard let host = arguments.option("host") ?? config.linkding?.host else {
            throw arguments.usageError("give --host (and --token), or --embedded")
        }
        guard let token = arguments.option("token") ?? context.environment["MARKS_LINKDING_TOKEN"] ?? config.linkding?.token,
              !token.isEmpty else {
            throw arguments.usageError("give --token (or set MARKS_LINKDING_TOKEN)")
        }
        let server = ServerConfig(host: host, port: try arguments.intOption("port", in: 1...65_535) ?? config.linkding?.port,
                                  path: arguments.option("path") ?? config.linkding?.path ?? "", token: token,
                                  useHTTPS: !arguments.flag("no-https"))
        let problems = server.problems
        guard problems.isEmpty else { throw CLIFailure(problems.joined(separator: " ")) }
        var version: String?
        if !arguments.flag("no-verify") {
            do {
                version = try await LinkdingClient(config: server, timeout: settings.requestTimeout).verifyConnection().version
            } catch BookmarkSourceError.tlsFailure(_, LinkdingClient.plainHTTPReason) where server.useHTTPS {
                throw CLIFailure("\(server.host) answered plain HTTP, not HTTPS. If it is a plain-http server on a trusted network, run marks login again with --no-https.")
            }
        }
        config.linkding = server
        try settings.store.save(config)
        report(arguments, context: context, source: server.baseURL?.absoluteString ?? host, version: version)
        return ExitCode.success
    }

    private static func report(_ arguments: ParsedArguments, context: CLIContext, source: String, version: String?) {
        if arguments.flag("json") {
            context.print(JSONValue.object([("source", .string(source)), ("version", .optional(version))]).serialized)
        } else if source == "embedded" {
            context.print("Using the embedded store (marks serve serves it at /api/).")
        } else {
            context.print("Connected to linkding \(version ?? "(not verified)") at \(source). Saved.")
        }
    }
}
