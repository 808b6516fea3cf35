import Foundation
import MarksAccess
import MarksAssembly

/// `marks token`: prints the API token of the embedded linkding store (`marks serve`'s `/api/`), making it on
/// first use; `--rotate` replaces it, and the old one stops working at once, also on a running server.
enum TokenCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "token",
        abstract: "Print the API token of the embedded linkding store (for linkding clients of marks serve).",
        discussion: "Clients send it as `Authorization: Token <token>`. The token lives in the data directory (file api_token, mode 0600).",
        arguments: [
            BookmarkArguments.data,
            .flag("rotate", help: "Make a new token; the old one stops working."),
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let settings = try Settings.load(arguments, context: context)
        let tokens = APITokenStore(directory: settings.paths.dataDirectory)
        context.print(arguments.flag("rotate") ? try tokens.rotate() : try tokens.token())
        return ExitCode.success
    }
}
