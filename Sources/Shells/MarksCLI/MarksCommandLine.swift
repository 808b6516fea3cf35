import Foundation
import MarksAssembly
import MarksCore

/// The `marks` command line: parses, dispatches to a command, maps errors to exit codes and messages.
public enum MarksCommandLine {
    /// The version `--version` and `/healthz` report.
    public static let version = CompositionRoot.version

    static let commands: [any CLICommand.Type] = [
ServeCommand.self,
        ListCommand.self,
        SearchCommand.self,
        ShowCommand.self,
        AddCommand.self,
        EditCommand.self,
        DeleteCommand.self,
        ArchiveCommand.self,
        UnarchiveCommand.self,
        TagsCommand.self,
        SyncCommand.self,
        ImportCommand.self,
        ExportCommand.self,
        OpenCommand.self,
        LoginCommand.self,
        QualityCommand.self,
        ConfigCommand.self,
        ShareCommand.self,
        UnreadCommand.self,
        WidgetCommand.self,
        PodcastCommand.self,
        DesktopCommand.self,
        CompletionCommand.self,
        IndexCommand.self,
        ArchiveTextCommand.self,
        CheckLinksCommand.self,
        FeedsCommand.self,
        AskCommand.self,
        EmbedCommand.self,
        TokenCommand.self,
        SignInLinkCommand.self,
        DevicesCommand.self,
        EReadersCommand.self,
        EnrichCommand.self,
        SummarizeCommand.self,
        CollectionsCommand.self,
        JobsCommand.self,
        TrashCommand.self,
        HighlightsCommand.self,
        SourceCommand.self,
    ]

    /// The root of the command tree.
    public static var root: CommandDescriptor {
        CommandDescriptor(
            name: "marks",
            abstract: "Marks — a companion for linkding: save, read, search and enrich your bookmarks.",
            arguments: [.flag("version", help: "Print the version.")],
            subcommands: commands.map { $0.descriptor }
        )
    }

    /// Runs `marks` with the arguments after the program name; returns the exit code. The one place errors are
    /// printed: `marks: …` on standard error, and — for a command run with `--json` — also `{"error": "…"}` on
    /// standard output, so a script reading JSON always gets JSON (the exit code is the same either way).
    public static func run(_ arguments: [String], context: CLIContext) async -> Int32 {
        var json = false
        do {
            switch try ArgumentParser.parse(arguments, root: root) {
            case .version:
                context.print("marks \(version)")
                return ExitCode.success
            case .help(let command, let path):
                context.standardOutput(HelpFormatter.help(for: command, path: path))
                return ExitCode.success
            case .run(let parsed):
                json = parsed.flag("json")
                guard let command = commands.first(where: { $0.descriptor.name == parsed.commandPath.dropFirst().first }) else {
                    context.standardOutput(HelpFormatter.help(for: root, path: ["marks"]))
                    return ExitCode.usage
                }
                return try await command.run(parsed, context: context)
            }
        } catch let error as UsageError {
            context.printError("marks: \(error.message)")
            context.printError(error.usage)
            if json { printJSONError(error.message, context: context) }
            return ExitCode.usage
        } catch {
            let message = CLIErrorMessage.describe(error)
            context.printError("marks: \(message)")
            if json { printJSONError(message, context: context) }
            return ExitCode.failure
        }
    }

    /// `{"error": "…"}` on standard output.
    static func printJSONError(_ message: String, context: CLIContext) {
        context.print(JSONValue.object([("error", .string(message))]).serialized)
    }
}
