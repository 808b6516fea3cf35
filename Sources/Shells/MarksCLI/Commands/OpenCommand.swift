import Foundation
import MarksAssembly
import MarksCore
import MarksPodcasts
import SystemSupport

/// `marks open ID|marks://…`: opens a bookmark in the system browser (the Open Bookmark intent), or follows a
/// deep link (`marks://bookmark` → the page; `marks://podcast` → the episode's web player, `/podcasts/<key>`). The browser is `$BROWSER`,
/// else `xdg-open`; with neither, the URL is printed.
enum OpenCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "open",
        abstract: "Open a bookmark (by id or marks:// link) in the browser.",
        arguments: [
            .positional("target", help: "A bookmark id, or a marks://bookmark or marks://podcast link."),
            .flag("print", help: "Print the address instead of opening it."),
            .option("web", value: "URL", help: "The web app's address for podcast links (default http://127.0.0.1:8080)."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        guard let target = arguments.positional("target") else { throw arguments.usageError("missing TARGET") }
        let address = try await resolve(target, arguments: arguments, context: context)
        if arguments.flag("json") {
            context.print(JSONValue.object([("url", .string(address))]).serialized)
            return ExitCode.success
        }
        if arguments.flag("print") {
            context.print(address)
            return ExitCode.success
        }
        return try launch(address, context: context)
    }

    static func resolve(_ target: String, arguments: ParsedArguments, context: CLIContext) async throws -> String {
        if let id = Int(target) {
            guard id > 0 else { throw arguments.usageError("TARGET must be a positive id or a marks:// link") }
            return try await CompositionRoot.load(arguments, context: context).library().bookmark(id: id).url
        }
        guard target.lowercased().hasPrefix("marks:") else {
            throw arguments.usageError("TARGET must be a bookmark id or a marks:// link")
        }
        switch try MarksDeepLink.parse(target) {
        case .bookmark(let id, let url):
            if let id { return try await CompositionRoot.load(arguments, context: context).library().bookmark(id: id).url }
            return url ?? ""
        case .podcast(let url):
            // The episode's player page: its key is the stable hash of the item URL the link carries.
            return PodcastLibraryCommand.playerURL(web: PodcastLibraryCommand.webURL(arguments, context: context), key: PodcastEntry.key(for: url))
        }
    }

    static func launch(_ address: String, context: CLIContext) throws -> Int32 {
        let candidates = [context.environment["BROWSER"], "/usr/bin/xdg-open"].compactMap { $0 }.filter { !$0.isEmpty }
        guard let opener = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) || !$0.contains("/") }) else {
            context.print(address)
            return ExitCode.success
        }
        let process = Process()
        if opener.contains("/") {
            process.executableURL = URL(fileURLWithPath: opener)
            process.arguments = [address]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [opener, address]
        }
        do {
            try ProcessRunner.launch(process)
        } catch {
            throw CLIFailure("Could not start \(opener): \(error.localizedDescription). The address is \(address)")
        }
        context.print("Opening \(address)")
        return ExitCode.success
    }
}
