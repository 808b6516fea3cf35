import MarksAssembly
import MarksCore
import MarksBookmarks

/// `marks summarize ID`: the Summarize intent — prints the bookmark's AI summary (and stores it).
enum SummarizeCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "summarize",
        abstract: "Summarise a bookmark's page with AI (the summary is stored).",
        arguments: [BookmarkArguments.id, BookmarkArguments.data],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let id = try BookmarkArguments.id(arguments)
        let service = try CompositionRoot.load(arguments, context: context).enrichment()
        let outcome = try await service.enrich(id: id)
        if arguments.flag("json") {
            context.print(EnrichmentOutput.json(outcome).serialized)
        } else {
            context.print(outcome.summary.isEmpty ? "(the page has no text to summarise)" : outcome.summary.singleLine)
        }
        return ExitCode.success
    }
}
