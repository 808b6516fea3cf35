import Foundation
import MarksCore
import MarksIndex
import MarksLibrary

/// `marks ask "question"`: an answer from the library only — each sentence followed by the number of the passage
/// it quotes, then the numbered citations (title, URL or source, the quoted words) — or "I couldn't find that in
/// your bookmarks" with the nearest items. Offline (the extractive engine) on the local index.
enum AskCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "ask",
        abstract: "Answer a question from your bookmarks and sources only, with citations.",
        discussion: "Finds the passages nearest the question in the local index (bookmarks' texts and archived pages, "
            + "sources) and answers with their sentences, each cited; says so when the library does not hold the answer. "
            + "Works offline; without the model (make model) it matches words only and says so.",
        arguments: [
            .positional("question", repeating: true, help: "The question; several words are joined."),
            .option("tag", value: "TAG", help: "Only bookmarks and sources with this tag."),
            .flag("unread", help: "Only unread bookmarks."),
            .flag("bookmarks-only", help: "Leave sources out."),
            .flag("json", help: "Print the answer as JSON."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let question = arguments.positionals("question").joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        guard question.contains(where: { $0.isLetter || $0.isNumber }) else { throw arguments.usageError("ask needs a question") }
        let root = try CompositionRoot.load(arguments, context: context)
        try await SemanticSearch.prepareIndex(root, context: context)
        let filter = SearchFilter(unreadOnly: arguments.flag("unread"), tag: arguments.option("tag"),
                                  sources: arguments.flag("bookmarks-only") ? .excluded : .included)
        let answer = try await root.askService().ask(question, filter: filter)
        if arguments.flag("json") {
            context.print(AskOutput.json(answer).serialized)
            return ExitCode.success
        }
        if !answer.usedVectors {
            context.printError("note: the model is not installed (make model): the answer matches words only.")
        }
        for line in AskOutput.lines(answer) { context.print(line) }
        return ExitCode.success
    }
}
