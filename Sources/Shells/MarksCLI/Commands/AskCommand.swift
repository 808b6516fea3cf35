import Foundation
import MarksAssembly
import MarksCore
import MarksIndex
import MarksAsk
import Synchronization

/// `marks ask "question"`: an answer from the library only — each sentence followed by the number of the passage
/// it quotes, then the numbered citations (title, URL or source, the quoted words) — or "I couldn't find that in
/// your bookmarks" with the nearest items. With an `ai` provider configured the model answers through the search
/// tool (offline when its answer is not usable, saying why); otherwise the extractive engine on the local index.
/// Questions continue the last conversation asked within `conversationWindow` (`--new` starts another).
enum AskCommand: CLICommand {
    /// A conversation idle longer than this is not continued without `--conversation`.
    static let conversationWindow: TimeInterval = 30 * 60

    static let descriptor = CommandDescriptor(
        name: "ask",
        abstract: "Answer a question from your bookmarks and sources only, with citations.",
        discussion: "Finds the passages nearest the question in the local index (bookmarks' texts and archived pages, "
            + "sources) and answers with their sentences, each cited; says so when the library does not hold the answer. "
            + "With an ai provider configured, the model searches the library and every sentence must cite a passage "
            + "it retrieved (else the offline answer, saying why). A follow-up continues the conversation of the last "
            + "30 minutes; --new starts a new one. Works offline; without the model (make model) it matches words only.",
        arguments: [
            .positional("question", repeating: true, help: "The question; several words are joined."),
            .option("tag", value: "TAG", help: "Only bookmarks and sources with this tag."),
            .flag("unread", help: "Only unread bookmarks."),
            .flag("bookmarks-only", help: "Leave sources out."),
            .option("conversation", value: "ID", help: "Continue this conversation."),
            .flag("new", help: "Start a new conversation."),
            .flag("json", help: "Print the answer as JSON (the object of POST /v1/marks/ask)."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let question = arguments.positionals("question").joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        guard question.contains(where: { $0.isLetter || $0.isNumber }) else { throw arguments.usageError("ask needs a question") }
        if arguments.flag("new"), arguments.option("conversation") != nil {
            throw arguments.usageError("--new and --conversation cannot be used together")
        }
        if let id = arguments.option("conversation"), !AskConversationStore.isValidID(id) {
            throw arguments.usageError("a conversation id is 1–64 letters, digits, '-' or '_'")
        }
        let root = try CompositionRoot.load(arguments, context: context)
        try await SemanticSearch.prepareIndex(root, context: context)
        let filter = SearchFilter(unreadOnly: arguments.flag("unread"), tag: arguments.option("tag"),
                                  sources: arguments.flag("bookmarks-only") ? .excluded : .included)
        let service = try root.askService()
        var conversationID = arguments.option("conversation")
        if conversationID == nil, !arguments.flag("new") {
            conversationID = try service.conversations?.latest(since: context.now().addingTimeInterval(-conversationWindow))
        }
        let json = arguments.flag("json")
        let streaming = !json && context.isTerminal
        let streamed = StreamedText()
        let answer = try await service.ask(AskRequest(question: question, filter: filter, conversationID: conversationID)) { token in
            guard streaming else { return }
            streamed.append(token)
            context.standardOutput(TerminalText.sanitized(token))
        }
        if json {
            context.print(answer.json.serialized)
            return ExitCode.success
        }
        if !answer.usedVectors {
            context.printError("note: the model is not installed (make model): the answer matches words only.")
        }
        if let reason = answer.fallbackReason { context.printError("note: answered offline — \(reason)") }
        var lines = AskOutput.lines(answer)
        if streaming {
            if streamed.text == answer.displayText {
                lines.removeFirst()  // the answer is on the screen already
                context.standardOutput(TerminalText.sanitized(answer.isFound ? "" : answer.reason.map { " (\($0))" } ?? "") + "\n")
            } else {
                context.standardOutput("\n\n")
            }
        }
        for line in lines { context.print(line) }
        return ExitCode.success
    }
}

/// The tokens printed so far.
private final class StreamedText: Sendable {
    private let value = Mutex("")

    func append(_ token: String) { value.withLock { $0 += token } }
    var text: String { value.withLock { $0 } }
}
