import Foundation
import HTTPServer
import MarksClients
import MarksCore
import MarksBookmarks
import MarksTestSupport
import Testing
@testable import MarksServer

/// Ask with a language model (a stand-in speaking Anthropic's streamed Messages format on port 0): the answer's
/// first sentence reaches the browser's route over a real socket while the model is still writing the second —
/// under the web session and CSRF token — and a model that fails is answered offline with the reason on the page.
@Suite struct AskStreamingTests {
    static func events(_ events: [(String, String)]) -> String {
        events.map { "event: \($0.0)\ndata: \($0.1)\n\n" }.joined()
    }

    /// The model's first turn: one call of the search tool.
    static let search = events([
        ("message_start", #"{"type":"message_start","message":{"id":"msg_1","role":"assistant","content":[]}}"#),
        ("content_block_start", #"{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"search_library","input":{}}}"#),
        ("content_block_delta", #"{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"query\": \"sourdough starter rye flour\"}"}}"#),
        ("content_block_stop", #"{"type":"content_block_stop","index":0}"#),
        ("message_delta", #"{"type":"message_delta","delta":{"stop_reason":"tool_use"}}"#),
        ("message_stop", #"{"type":"message_stop"}"#),
    ])

    static func text(_ piece: String) -> String {
        events([("content_block_delta", #"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"\#(piece)"}}"#)])
    }

    static let textStart = events([
        ("message_start", #"{"type":"message_start","message":{"id":"msg_2","role":"assistant","content":[]}}"#),
        ("content_block_start", #"{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}"#),
    ])
    static let textEnd = events([
        ("message_delta", #"{"type":"message_delta","delta":{"stop_reason":"end_turn"}}"#), ("message_stop", #"{"type":"message_stop"}"#),
    ])

    static func provider(_ server: LiveServer) -> any ProviderClient {
        ProviderSettings(kind: .anthropic, baseURL: server.baseURL, model: "stand-in", apiKey: "sk-test-key").client()
    }

    @Test(.timeLimit(.minutes(2)))
    func theFirstSentenceArrivesWhileTheModelWritesTheNext() async throws {
        let second = Gate()
        let model = try LiveServer { _, index in
            guard index > 0 else {
                return HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: .bytes(Data(Self.search.utf8)))
            }
            return HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], body: .stream(HTTPStreamBody { writer in
                try await writer.write(Self.textStart + Self.text("Feed the starter with rye flour ") + Self.text("twice a day [1]. Keep it "))
                await second.wait()
                try await writer.write(Self.text("warm [1].") + Self.textEnd)
            }))
        }
        let directory = try TemporaryDirectory(prefix: "marks-ask-stream")
        defer { directory.cleanUp() }
        let web = try await WebAskTests.harness(directory, provider: Self.provider(model))
        defer { web.cleanUp() }
        let client = try await web.signedIn()
        var router = Router()
        web.app.register(on: &router)
        let server = try LiveServer(serving: router)
        let port = server.port
        do {
            let connection = try RawConnection(port: port)
            let body = QueryParameters([("question", "How often do I feed the sourdough starter with rye flour?"), ("conversation", "")]).encoded
            let cookie = client.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            await connection.send("POST /ask/stream HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
                                  + "Cookie: \(cookie)\r\nX-CSRF-Token: \(client.csrf)\r\nAccept: text/event-stream, application/json\r\n"
                                  + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
            let first = String(decoding: try #require(await connection.read(until: "twice a day. [1]", timeout: .seconds(30)),
                                                      "the first sentence came while the model still writes"), as: UTF8.self)
            #expect(first.hasPrefix("HTTP/1.1 200"))
            #expect(first.contains("event: token"))
            #expect(!first.contains("Keep it"), "a sentence goes out once it is complete")
            #expect(first.contains(#"{"text":"Feed the starter with rye flour twice a day. [1]"}"#))
            second.open()
            let rest = String(decoding: try #require(await connection.read(until: "\r\n0\r\n\r\n", timeout: .seconds(60)), "the stream ends"), as: UTF8.self)
            #expect(rest.contains("Keep it warm. [1]"))
            #expect(rest.contains("event: answer") && rest.contains("event: turn"))
            #expect(rest.contains(#""engine":"anthropic:stand-in""#))
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
        await model.stop()
    }

    @Test func aFailingModelIsAnsweredOfflineAndThePageSaysWhy() async throws {
        let model = try LiveServer { _, _ in
            .json(data: Data(#"{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}"#.utf8), status: 401)
        }
        let directory = try TemporaryDirectory(prefix: "marks-ask-stream")
        defer { directory.cleanUp() }
        let web = try await WebAskTests.harness(directory, provider: Self.provider(model))
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.post("/ask", [("question", "How often do I feed the sourdough starter with rye flour?")]))
        await model.stop()
        #expect(page.contains("Feed the sourdough starter with rye flour twice a day."))
        let note = try #require(page.firstMatch(of: /<p class="ask-note">Answered offline, because the language model’s answer could not be used: anthropic:stand-in: [^<]+<\/p>/))
        #expect(!note.0.contains("sk-test-key"), "no key in the reason")
    }
}
