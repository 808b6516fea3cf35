import Foundation
import HTTPServer
import MarksClients
import MarksCore
import MarksIndex
@testable import MarksAsk
import MarksTestSupport
import Synchronization
import Testing

/// Ask with a provider, against local stand-ins on port 0 that speak each real streaming format (Anthropic
/// Messages events, OpenAI chat-completion chunks), tool-call turns included: a good answer is streamed and cited;
/// one citing a passage no search returned, one that never searches, a 401, garbage and a hang all end in the
/// offline answer with the reason.
@Suite struct AskProviderTests {
    static let question = "How often do I feed the sourdough starter with rye flour?"

    // MARK: Wire formats

    static func anthropicEvents(_ events: [String]) -> HTTPResponse {
        var response = HTTPResponse(status: 200, body: .bytes(Data(events.joined().utf8)))
        response.headers.add("Content-Type", "text/event-stream")
        return response
    }

    static func anthropicEvent(_ type: String, _ json: String) -> String { "event: \(type)\ndata: \(json)\n\n" }

    static func anthropicSearch(_ query: String) -> HTTPResponse {
        anthropicEvents([
            anthropicEvent("message_start", #"{"type":"message_start","message":{"id":"msg_1","role":"assistant","content":[]}}"#),
            anthropicEvent("content_block_start", #"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#),
            anthropicEvent("content_block_delta", #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Let me search."}}"#),
            anthropicEvent("content_block_start", #"{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"search_library","input":{}}}"#),
            anthropicEvent("content_block_delta", #"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"query\": \""}}"#),
            anthropicEvent("content_block_delta", #"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"\#(query)\"}"}}"#),
            anthropicEvent("content_block_stop", #"{"type":"content_block_stop","index":1}"#),
            anthropicEvent("message_delta", #"{"type":"message_delta","delta":{"stop_reason":"tool_use"}}"#),
            anthropicEvent("message_stop", #"{"type":"message_stop"}"#),
        ])
    }

    static func anthropicText(_ pieces: [String]) -> HTTPResponse {
        anthropicEvents([
            anthropicEvent("message_start", #"{"type":"message_start","message":{"id":"msg_2","role":"assistant","content":[]}}"#),
            anthropicEvent("content_block_start", #"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#),
        ] + pieces.map { piece in
            anthropicEvent("content_block_delta", #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"\#(piece)"}}"#)
        } + [
            anthropicEvent("message_delta", #"{"type":"message_delta","delta":{"stop_reason":"end_turn"}}"#),
            anthropicEvent("message_stop", #"{"type":"message_stop"}"#),
        ])
    }

    static func openAIChunks(_ deltas: [String]) -> HTTPResponse {
        let body = deltas.map { #"data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":\#($0),"finish_reason":null}]}"# + "\n\n" }.joined()
            + "data: [DONE]\n\n"
        var response = HTTPResponse(status: 200, body: .bytes(Data(body.utf8)))
        response.headers.add("Content-Type", "text/event-stream")
        return response
    }

    // MARK: Harness

    static func service(_ fixture: IndexFixture, kind: AIProviderConfig.Kind, server: LiveServer,
                        timeout: Duration = .seconds(20)) -> AskService {
        let embedder = LazyEmbedder { WordHashEmbedder.embedder() }
        let base = kind == .anthropic ? server.baseURL : server.baseURL.appendingPathComponent("v1")
        let settings = ProviderSettings(kind: kind, baseURL: base, model: "stand-in", apiKey: "sk-test-key", timeout: timeout)
        return AskService(tool: BookmarkSearchTool(index: fixture.index, embedder: embedder), embedder: embedder,
                          provider: settings.client())
    }

    static func ask(_ kind: AIProviderConfig.Kind, timeout: Duration = .seconds(20),
                    _ reply: @escaping @Sendable (HTTPRequest, Int) async throws -> HTTPResponse) async throws -> (AskAnswer, [String], LiveServer) {
        let fixture = try await BookmarkSearchToolTests.library()
        let server = try LiveServer(reply: reply)
        let tokens = Mutex<[String]>([])
        do {
            let answer = try await service(fixture, kind: kind, server: server, timeout: timeout)
                .ask(AskRequest(question: question)) { token in tokens.withLock { $0.append(token) } }
            await server.stop()
            return (answer, tokens.withLock { $0 }, server)
        } catch {
            await server.stop()
            throw error
        }
    }

    // MARK: Cases

    @Test func anthropicSearchesThenStreamsACitedAnswer() async throws {
        let (answer, tokens, server) = try await Self.ask(.anthropic) { _, index in
            index == 0 ? Self.anthropicSearch("sourdough starter rye")
                : Self.anthropicText(["Feed the starter with rye flour ", "twice a day [1]. Keep it ", "warm [1]."])
        }
        #expect(answer.engine == "anthropic:stand-in" && answer.fallbackReason == nil)
        #expect(answer.text == "Feed the starter with rye flour twice a day. [1] Keep it warm. [1]")
        #expect(tokens.joined() == answer.displayText)
        #expect(tokens.count == 2, "one token per sentence")
        #expect(answer.citations.first?.passage.document.id == 1)
        let second = try #require(server.requests.last?.json)
        let messages = try #require(second["messages"] as? [[String: Any]])
        let results = try #require(messages.last?["content"] as? [[String: Any]])
        #expect(results.first?["type"] as? String == "tool_result" && results.first?["tool_use_id"] as? String == "toolu_1")
        #expect((results.first?["content"] as? String)?.contains("[1] Sourdough guide") == true)
        #expect(server.requests.first?.headers["x-api-key"] == "sk-test-key")
        #expect(server.requests.first?.json?["stream"] as? Bool == true)
    }

    @Test func openAICompatibleToolCallsStreamToo() async throws {
        let (answer, tokens, server) = try await Self.ask(.openai) { _, index in
            index == 0
                ? Self.openAIChunks([#"{"role":"assistant","tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"search_library","arguments":""}}]}"#,
                                     #"{"tool_calls":[{"index":0,"function":{"arguments":"{\"query\":\"sourdough starter\"}"}}]}"#])
                : Self.openAIChunks([#"{"content":"Feed the starter with rye "}"#, #"{"content":"flour twice a day [1]."}"#])
        }
        #expect(answer.engine == "openai:stand-in" && answer.fallbackReason == nil)
        #expect(answer.text == "Feed the starter with rye flour twice a day. [1]")
        #expect(tokens.joined() == answer.displayText)
        let second = try #require(server.requests.last?.json)
        let messages = try #require(second["messages"] as? [[String: Any]])
        #expect(messages.last?["role"] as? String == "tool" && messages.last?["tool_call_id"] as? String == "call_1")
        #expect(server.requests.first?.path == "/v1/chat/completions")
    }

    @Test func anAnswerCitingWhatWasNotRetrievedIsReaskedThenOffline() async throws {
        let (answer, _, server) = try await Self.ask(.anthropic) { _, index in
            index == 0 ? Self.anthropicSearch("sourdough starter") : Self.anthropicText(["Rye is best [9]."])
        }
        #expect(answer.engine == "offline")
        #expect(answer.fallbackReason?.contains("[9], which no search returned") == true, "\(answer.fallbackReason ?? "")")
        #expect(server.requests.count == 3, "search, answer, one re-ask")
        #expect(answer.isFound, "the offline answer stands in")
    }

    @Test func aModelThatNeverSearchesIsReaskedThenOffline() async throws {
        let (answer, _, server) = try await Self.ask(.anthropic) { _, _ in Self.anthropicText(["Twice a day [1]."]) }
        #expect(answer.engine == "offline")
        #expect(answer.fallbackReason?.contains("without searching") == true)
        #expect(server.requests.count == 2)
    }

    @Test(arguments: [401, 429, 500])
    func anErrorStatusFallsBackOffline(status: Int) async throws {
        let (answer, _, _) = try await Self.ask(.anthropic) { _, _ in
            HTTPResponse.json(data: Data(#"{"type":"error","error":{"type":"x","message":"no"}}"#.utf8), status: status)
        }
        #expect(answer.engine == "offline" && answer.isFound)
        #expect(answer.fallbackReason?.hasPrefix("anthropic:stand-in: ") == true)
        #expect(answer.fallbackReason?.contains("sk-test-key") == false)
    }

    @Test func garbageFallsBackOffline() async throws {
        let (answer, _, _) = try await Self.ask(.openai) { _, _ in
            HTTPResponse(status: 200, body: .bytes(Data("<html>not a stream</html>".utf8)))
        }
        #expect(answer.engine == "offline")
        #expect(answer.fallbackReason?.contains("not the provider's format") == true, "\(answer.fallbackReason ?? "")")
    }

    @Test func aHangingProviderMeetsTheDeadline() async throws {
        let start = ContinuousClock.now
        let (answer, _, _) = try await Self.ask(.anthropic, timeout: .seconds(1)) { _, _ in
            try await Task.sleep(for: .seconds(600))  // the behaviour under test: a provider that never answers
            return HTTPResponse()
        }
        #expect(answer.engine == "offline")
        #expect(answer.fallbackReason?.contains("no answer within 1 s") == true, "\(answer.fallbackReason ?? "")")
        // The offline answer after the deadline took 56 s once on a loaded machine; the hang itself is ten minutes.
        #expect(ContinuousClock.now - start < .seconds(300))
    }

    @Test func citedSentencesAreReadWithTheirMarkers() {
        #expect(AskCitedText.check("Feed it daily [1]. Bake hot. [2][3]", retrieved: 3)
                == .cited([AskAnswer.Sentence(text: "Feed it daily.", citations: [1]), AskAnswer.Sentence(text: "Bake hot.", citations: [2, 3])]))
        #expect(AskCitedText.check("Feed it daily, e.g. with rye [1].", retrieved: 1)
                == .cited([AskAnswer.Sentence(text: "Feed it daily, e.g. with rye.", citations: [1])]))
        #expect(AskCitedText.check("Feed it daily [1]. Paris is in France.", retrieved: 1)
                == .rejected("the sentence “Paris is in France.” cites no passage"))
        #expect(AskCitedText.check("I couldn't find that in your bookmarks.", retrieved: 2) == .notFound)
    }
}
