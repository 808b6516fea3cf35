import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import MarksAppAPI
import MarksCore
import MarksBookmarks
import MarksServer
import MarksTestSupport
import Testing

/// `POST /v1/marks/ask` (docs/BACKEND_API.md): the answer object of `marks ask --json`, or server-sent events with
/// `Accept: text/event-stream`; follow-ups in one conversation; clear 400s. Through the router and over real HTTP.
@Suite struct AskAPITests {
    /// The backend fixture with Ask over `AskLibrary`, and its own router.
    struct Harness {
        let fixture: AppAPIFixture
        let router: Router

        static func make() async throws -> Harness {
            let fixture = try AppAPIFixture()
            var api = fixture.api
            api.askService = try await AskLibrary.service(in: fixture.directory)
            let errors = fixture.errors
            let router = MarksApp(context: MarksApp.Context(version: "test", logError: { errors.append($0) }, backend: api)).router
            return Harness(fixture: fixture, router: router)
        }

        func send(_ json: String, token: String?, accept: String? = nil) async throws -> HTTPResponse {
            var headers = HTTPHeaders()
            if let token { headers.add("Authorization", "Bearer \(token)") }
            if let accept { headers.add("Accept", accept) }
            let request = try HTTPRequest(method: .post, target: "/v1/marks/ask", headers: headers, body: Data(json.utf8), remoteAddress: "127.0.0.1")
            return try await router.respond(to: request)
        }
    }

    static func object(_ response: HTTPResponse) throws -> [String: Any] {
        guard case .bytes(let body) = response.body else { throw FixtureError(description: "not a buffered body") }
        return try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
    }

    /// The events of a server-sent-events body: (name, JSON object) in order.
    static func events(_ text: String) throws -> [(String, [String: Any])] {
        try text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { block in
            let lines = block.components(separatedBy: "\n")
            let name = try #require(lines.first { $0.hasPrefix("event: ") }).dropFirst(7)
            let data = try #require(lines.first { $0.hasPrefix("data: ") }).dropFirst(6)
            return (String(name), try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]))
        }
    }

    static let question = #"{"question":"How often do I feed the sourdough starter with rye flour?"}"#

    @Test func answersWithTheObjectOfMarksAskJSON() async throws {
        let harness = try await Harness.make()
        defer { harness.fixture.remove() }
        let token = try await harness.fixture.register()
        let response = try await harness.send(Self.question, token: token)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json")
        let object = try Self.object(response)
        #expect(Set(object.keys) == ["question", "found", "answer", "sentences", "citations", "nearest", "reason", "engine",
                                     "fallback_reason", "conversation_id", "used_vectors"])
        #expect(object["found"] as? Bool == true)
        #expect(object["answer"] as? String == "Feed the sourdough starter with rye flour twice a day. [1]")
        let citation = try #require((object["citations"] as? [[String: Any]])?.first)
        #expect(citation["bookmark_id"] as? Int == 1 && citation["title"] as? String == "Sourdough guide")
        #expect(citation["quote"] as? String == "Feed the sourdough starter with rye flour twice a day.")
        #expect(object["engine"] as? String == "offline")
        #expect((object["conversation_id"] as? String)?.isEmpty == false)
    }

    @Test func aFollowUpContinuesTheConversationAndAnUnanswerableQuestionAbstains() async throws {
        let harness = try await Harness.make()
        defer { harness.fixture.remove() }
        let token = try await harness.fixture.register()
        let first = try Self.object(try await harness.send(#"{"question":"How often do I feed the sourdough starter?"}"#, token: token))
        let id = try #require(first["conversation_id"] as? String)
        let followUp = try Self.object(try await harness.send(#"{"question":"And with which flour do I feed it?","conversation_id":"\#(id)"}"#, token: token))
        #expect(followUp["conversation_id"] as? String == id)
        #expect(followUp["found"] as? Bool == true)
        #expect((followUp["answer"] as? String)?.contains("rye flour") == true)
        let peru = try Self.object(try await harness.send(#"{"question":"What is the capital city of Peru?","conversation_id":"\#(id)"}"#, token: token))
        #expect(peru["found"] as? Bool == false)
        #expect(peru["answer"] as? String == "I couldn't find that in your bookmarks.")
        #expect(peru["citations"] as? [Any] != nil && (peru["citations"] as? [Any])?.isEmpty == true)
    }

    @Test(arguments: [
        (#"{"question":""}"#, "question is empty; give a value."),
        (#"{"question":"   "}"#, "question is empty; give a value."),
        (#"{"question":"?!"}"#, "question has no words; ask something."),
        (#"{}"#, "Missing field \"question\"."),
        (#"{"question":"hi","colour":"red"}"#, "Unknown field \"colour\": only \"question\", \"conversation_id\", \"tag\", \"unread\", \"scope\" are accepted."),
        (#"{"question":1}"#, "Field \"question\" must be a string."),
        (#"{"question":"#, "The body is not valid JSON."),
        (#"{"question":"bread","scope":"web"}"#, "scope must be \"all\", \"bookmarks\" or \"sources\"."),
        (#"{"question":"bread","conversation_id":"../etc"}"#, "conversation_id is 1–64 letters, digits, '-' or '_' (the id an answer carried)."),
        (#"{"question":"bread","conversation_id":"never-started"}"#, "conversation_id \"never-started\" is not a conversation here (it was cleared, or never started); leave it out to start a new one."),
    ])
    func badRequestsAreClear400s(body: String, message: String) async throws {
        let harness = try await Harness.make()
        defer { harness.fixture.remove() }
        let token = try await harness.fixture.register()
        for accept in [nil, "text/event-stream"] {
            let response = try await harness.send(body, token: token, accept: accept)
            #expect(response.status == 400, "\(body)")
            #expect(try Self.object(response)["error"] as? String == message)
        }
    }

    @Test func aQuestionOverTheLimitIsRefusedAndATokenIsNeeded() async throws {
        let harness = try await Harness.make()
        defer { harness.fixture.remove() }
        let token = try await harness.fixture.register()
        let long = String(repeating: "bread ", count: 400)
        let response = try await harness.send(#"{"question":"\#(long)"}"#, token: token)
        #expect(response.status == 400)
        #expect(try Self.object(response)["error"] as? String == "question is 2400 bytes long; at most 2000 are accepted. Shorten it.")
        #expect(try await harness.send(Self.question, token: nil).status == 401)
    }

    @Test func aServerWithoutAskSaysSo() async throws {
        let fixture = try AppAPIFixture()
        defer { fixture.remove() }
        let token = try await fixture.register()
        let reply = try await fixture.send("/v1/marks/ask", json: Self.question, token: token)
        #expect(reply.status == 503 && reply.error == "Ask is not set up on this server.")
    }

    @Test func theStreamSendsTokensThenTheAnswerInProcess() async throws {
        let harness = try await Harness.make()
        defer { harness.fixture.remove() }
        let token = try await harness.fixture.register()
        let response = try await harness.send(Self.question, token: token, accept: "text/event-stream")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/event-stream; charset=utf-8")
        guard case .stream(let body) = response.body else { Issue.record("not a stream"); return }
        let events = try Self.events(String(decoding: try await body.collect(), as: UTF8.self))
        #expect(events.map(\.0) == ["token", "answer"])
        #expect(events.first?.1["text"] as? String == "Feed the sourdough starter with rye flour twice a day. [1]")
        #expect(events.last?.1["answer"] as? String == "Feed the sourdough starter with rye flour twice a day. [1]")
    }

    @Test(.timeLimit(.minutes(2)))
    func overRealHTTPTheJSONAndTheStreamAndAFollowUp() async throws {
        let harness = try await Harness.make()
        defer { harness.fixture.remove() }
        let token = try await harness.fixture.register()
        let server = try LiveServer(serving: harness.router)
        let port = server.port
        do {
            let session = URLSession(configuration: .ephemeral)
            let json = try await post(URL(string: "http://127.0.0.1:\(port)/v1/marks/ask")!, json: Self.question,
                                      headers: ["Authorization": "Bearer \(token)"], session: session)
            #expect(json.status == 200)
            let id = try #require(json.object?["conversation_id"] as? String)
            #expect(json.object?["found"] as? Bool == true)

            // The follow-up, streamed, read off a raw socket as it arrives.
            let connection = try RawConnection(port: port)
            let body = #"{"question":"And with which flour do I feed it?","conversation_id":"\#(id)"}"#
            await connection.send("POST /v1/marks/ask HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
                                  + "Accept: text/event-stream\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
            let head = try #require(await connection.read(until: "event: token", timeout: .seconds(60)), "a token event arrived")
            let text = String(decoding: head, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 200"))
            #expect(text.lowercased().contains("content-type: text/event-stream"))
            #expect(text.lowercased().contains("transfer-encoding: chunked"))
            var all = text
            if !all.hasSuffix("\r\n0\r\n\r\n") {
                let tail = try #require(await connection.read(until: "\r\n0\r\n\r\n", timeout: .seconds(60)), "the stream ends with its last chunk")
                all += String(decoding: tail, as: UTF8.self)
            }
            #expect(all.contains("event: answer"))
            #expect(all.contains(#""conversation_id":"\#(id)""#))
            #expect(all.contains("rye flour"))
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
        #expect(harness.fixture.errors.all.isEmpty)
    }
}
