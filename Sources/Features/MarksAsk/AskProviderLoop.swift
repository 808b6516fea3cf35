import Foundation
import MarksClients
import MarksCore
import MarksEngine
import MarksIndex
import Synchronization
import SystemSupport

/// Ask with a language model: a tool-use loop in which the model must search the library (`search_library`,
/// at most `maximumSearches` calls) before it answers, and every sentence of its answer must cite a passage a
/// search returned. A model that answers without searching, or whose answer cites nothing or what was not
/// retrieved, is re-asked once; after that (or on any provider failure) `Failure` says why, and the caller
/// answers offline. Sentences stream to `onToken` as soon as they are complete and pass the check.
struct AskProviderLoop: Sendable {
    /// Why the model's answer is not used.
    struct Failure: Error {
        let reason: String
    }

    static let toolName = "search_library"
    static let maximumSearches = 3
    static let passagesPerSearch = 6
    static let maximumTokens = 1024
    /// Earlier turns the model is given.
    static let historyTurns = 3

    let client: any ProviderClient
    let tool: BookmarkSearchTool
    let workers: WorkerPool

    static let system = """
        You answer questions about the user's library: their bookmarks and sources. The library is the only source \
        of truth: never answer from your own knowledge. Before answering, call the \(toolName) tool (at most \
        \(maximumSearches) times) to find passages; each passage it returns is numbered, like [3]. Answer in one to \
        four short, plain sentences (no lists, no headings, no markdown), and end every sentence with the numbers of \
        the passages it rests on, like [2] or [1][3]. Cite only numbers the tool returned. If the passages do not \
        answer the question, reply exactly: \(AskAnswer.notFoundText)
        """

    static let searchTool = ChatTool(
        name: toolName, description: "Searches the user's bookmarks and sources; returns numbered passages.",
        parameters: .object([
            ("type", .string("object")),
            ("properties", .object([("query", .object([("type", .string("string")), ("description", .string("What to look for, in a few words."))]))])),
            ("required", .array([.string("query")])),
        ]))

    /// The model's answer to `question` within `filter`, after `history`; throws `Failure` when it is not usable.
    func answer(_ question: String, filter: SearchFilter, history: [AskTurn], sink: AskTokenSink) async throws -> AskAnswer {
        var messages: [ChatMessage] = history.suffix(Self.historyTurns).flatMap { turn -> [ChatMessage] in
            [.user(turn.question), .assistant(turn.answer, toolCalls: [])]
        }
        messages.append(.user(question))
        var retrieved: [PassageResult] = []
        var searches = 0
        var reasked = false
        var usedVectors = true
        for _ in 0..<(Self.maximumSearches + 4) {
            let streamer = AskSentenceStreamer(retrieved: retrieved.count, sink: sink)
            let reply: ChatReply
            do {
                reply = try await client.chat(ChatRequest(system: Self.system, messages: messages, tools: [Self.searchTool],
                                                          maximumTokens: Self.maximumTokens), onText: streamer.take)
            } catch {
                try Task.checkCancellation()
                throw Failure(reason: error.description)
            }
            if !reply.toolCalls.isEmpty {
                var results: [ChatToolResult] = []
                for call in reply.toolCalls {
                    guard searches < Self.maximumSearches else {
                        results.append(ChatToolResult(callID: call.id, content: "No more searches: answer from the passages above."))
                        continue
                    }
                    guard call.name == Self.toolName, let query = Self.query(call.arguments) else {
                        results.append(ChatToolResult(callID: call.id, content: "Call \(Self.toolName) with {\"query\": \"…\"}."))
                        continue
                    }
                    searches += 1
                    let tool = tool
                    let found = try await workers.run {
                        try tool.search(BookmarkSearchTool.Query(text: query, filter: filter, limit: Self.passagesPerSearch))
                    }
                    usedVectors = usedVectors && found.usedVectors
                    results.append(ChatToolResult(callID: call.id, content: Self.render(found.passages, into: &retrieved)))
                }
                messages += [.assistant(reply.text, toolCalls: reply.toolCalls), .toolResults(results)]
                continue
            }
            guard searches > 0 else {
                if reasked { throw Failure(reason: "the model answered without searching the library, also when re-asked") }
                reasked = true
                messages += [.assistant(reply.text, toolCalls: []),
                             .user("Call the \(Self.toolName) tool first: answer only from the passages it returns.")]
                continue
            }
            switch AskCitedText.check(reply.text, retrieved: retrieved.count) {
            case .notFound:
                sink.send(AskAnswer.notFoundText)
                return AskAnswer(question: question, sentences: [], citations: [], nearest: AskAnswer.nearestItems(retrieved),
                                 reason: "the model found no answer in the passages it retrieved", usedVectors: usedVectors,
                                 engine: client.engineName)
            case .cited(let sentences):
                streamer.finish(sentences)
                return Self.answer(question, sentences: sentences, retrieved: retrieved, usedVectors: usedVectors, engine: client.engineName)
            case .rejected(let problem):
                if reasked { throw Failure(reason: "the model's answer was rejected, also when re-asked: \(problem)") }
                reasked = true
                messages += [.assistant(reply.text, toolCalls: []),
                             .user("That answer was rejected: \(problem). Answer again; end every sentence with the [n] of a passage the search returned.")]
            }
        }
        throw Failure(reason: "the model did not finish its answer within \(Self.maximumSearches + 4) turns")
    }

    /// The `query` of a call's arguments.
    static func query(_ arguments: String) -> String? {
        struct Arguments: Decodable { let query: String }
        do {
            let query = try JSONDecoder().decode(Arguments.self, from: Data(arguments.utf8)).query
            return query.contains(where: { $0.isLetter || $0.isNumber }) ? String(query.prefix(500)) : nil
        } catch {
            return nil  // the model is told how to call the tool
        }
    }

    /// The passages as the tool's answer, each numbered by its place in `retrieved` (added when new).
    static func render(_ passages: [PassageResult], into retrieved: inout [PassageResult]) -> String {
        guard !passages.isEmpty else { return "No passages matched." }
        return passages.map { result in
            let number: Int
            if let known = retrieved.firstIndex(where: { $0.passage.id == result.passage.id && $0.document.id == result.document.id }) {
                number = known + 1
            } else {
                retrieved.append(result)
                number = retrieved.count
            }
            var title = result.document.displayTitle
            if !result.passage.heading.isEmpty, result.passage.heading != result.document.title { title += " — " + result.passage.heading }
            if let page = result.passage.page { title += " (p. \(page))" }
            return "[\(number)] \(title)\n\(result.passage.text)"
        }.joined(separator: "\n\n")
    }

    /// An answer of cited sentences: the citations are the passages they cite, by the numbers the model used.
    static func answer(_ question: String, sentences: [AskAnswer.Sentence], retrieved: [PassageResult], usedVectors: Bool,
                       engine: String) -> AskAnswer {
        let numbers = Set(sentences.flatMap(\.citations)).sorted()
        let splitter = SentenceSplitter()
        let citations = numbers.map { number in
            let passage = retrieved[number - 1]
            let claims = sentences.filter { $0.citations.contains(number) }.map(\.text).joined(separator: " ")
            return AskAnswer.Citation(number: number, passage: passage, quote: quote(passage.passage.text, for: claims, splitter: splitter))
        }
        return AskAnswer(question: question, sentences: sentences, citations: citations, nearest: [], reason: nil,
                         usedVectors: usedVectors, engine: engine)
    }

    /// The passage's sentence sharing the most words with the claims made from it.
    static func quote(_ passage: String, for claims: String, splitter: SentenceSplitter) -> String {
        func words(_ text: String) -> Set<String> {
            Set(text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init).filter { $0.count > 2 })
        }
        let wanted = words(claims)
        let best = splitter.split(passage).max { words($0).intersection(wanted).count < words($1).intersection(wanted).count }
        return best ?? String(passage.prefix(300))
    }
}

/// Where Ask's tokens go: the caller's `onToken`, with a space between sentences.
final class AskTokenSink: Sendable {
    private let onToken: @Sendable (String) -> Void
    private let sentAny = Mutex(false)

    init(_ onToken: @escaping @Sendable (String) -> Void) {
        self.onToken = onToken
    }

    /// Sends a sentence (with a space before it unless it is the first).
    func send(_ text: String) {
        let first = sentAny.withLock { sent in
            defer { sent = true }
            return !sent
        }
        onToken((first ? "" : " ") + text)
    }
}

/// Passes a model's text on sentence by sentence, each once it is complete and cites only retrieved passages;
/// after the first sentence that does not, it holds everything back (the answer is checked whole at the end).
final class AskSentenceStreamer: Sendable {
    private struct State {
        var buffer = ""
        var emitted: [AskAnswer.Sentence] = []
        var held = false
    }

    private let retrieved: Int
    private let sink: AskTokenSink
    private let state = Mutex(State())

    init(retrieved: Int, sink: AskTokenSink) {
        self.retrieved = retrieved
        self.sink = sink
    }

    /// How many sentences were passed on.
    var emitted: Int { state.withLock { $0.emitted.count } }

    /// Takes the next piece of the model's text.
    @Sendable func take(_ piece: String) {
        state.withLock { state in
            guard !state.held, retrieved > 0 else { return }
            state.buffer += piece
            let (sentences, consumed) = AskCitedText.split(state.buffer, final: false)
            state.buffer.removeFirst(consumed)
            for sentence in sentences {
                guard AskCitedText.problem(sentence, retrieved: retrieved) == nil else {
                    state.held = true
                    return
                }
                state.emitted.append(sentence)
                sink.send(sentence.cited)
            }
        }
    }

    /// Passes on the checked answer's sentences not yet sent, when those sent begin it.
    func finish(_ sentences: [AskAnswer.Sentence]) {
        state.withLock { state in
            guard Array(sentences.prefix(state.emitted.count)) == state.emitted else { return }
            for sentence in sentences.dropFirst(state.emitted.count) { sink.send(sentence.cited) }
            state.emitted = sentences
        }
    }
}
