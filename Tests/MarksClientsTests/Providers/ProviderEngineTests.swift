import MarksTestSupport
import Foundation
import HTTPServer
import MarksClients
import MarksEngine
import Testing

@Suite struct ProviderEngineTests {
    static let page = EnrichRequest(
        url: "https://example.com/swift-actors", title: "Swift actors",
        text: "Actors protect mutable state in Swift. Tasks call actors with await. Structured concurrency keeps tasks in scope.",
        vocabulary: ["Programming", "swift"])
    static let modelAnswer = ##"Here you go: ```json {"summary": "Actors keep  mutable state safe.", "tags": ["Concurrency", "#swift", "Programming", "Swift", "data races", "x,y", "a", "b"]} ```"##

    let offline = OfflineEngine(embedder: TestEmbedder())

    func engine(_ format: ProviderFormat, _ server: StandInServer, _ transport: HTTPTransport, sleeper: Sleeper,
                key: String? = ProviderFormat.key) -> ProviderEngine {
        let settings = format.settings(server, key: key)
        return ProviderEngine(client: settings.client(transport: transport, sleep: sleeper.sleep), fallback: offline)
    }

    @Test(arguments: ProviderFormat.allCases)
    func theProviderAnswersAndSaysSo(format: ProviderFormat) async throws {
        try await withStandIn({ _, _ in format.success(Self.modelAnswer) }) { server, transport in
            let answer = try await engine(format, server, transport, sleeper: Sleeper(deadline: .seconds(30))).enrichAnswer(Self.page)
            #expect(answer.engine == format.engineName)
            #expect(answer.fallbackReason == nil)
            #expect(answer.value == EnrichResult(summary: "Actors keep mutable state safe.",
                                                 tags: ["swift", "programming", "concurrency", "data-races", "x"], engine: format.engineName))
            let prompt = try #require(server.requests.first?.body).utf8Text
            #expect(prompt.contains("Existing tags: Programming, swift"))
            #expect(prompt.contains("Actors protect mutable state"))
        }
    }

    /// Failures every provider can have, each answered by the offline engine with the reason.
    static let failures: [(label: String, reason: String, reply: @Sendable (ProviderFormat) -> HTTPResponse)] = [
        ("401", "the API key was refused (authentication_error: invalid x-api-key)",
         { $0.error(status: 401, type: "authentication_error", message: "invalid x-api-key") }),
        ("403", "the API key was refused", { $0.error(status: 403, type: "permission_error", message: "no") }),
        ("429 without Retry-After", "rate limited (HTTP 429)", { $0.error(status: 429, type: "rate_limit_error", message: "slow down") }),
        ("529", "the provider is overloaded (HTTP 529)", { $0.error(status: 529, type: "overloaded_error", message: "Overloaded") }),
        ("503", "the provider is overloaded (HTTP 503)", { _ in .text("busy", status: 503) }),
        ("500", "HTTP 500: api_error: boom", { $0.error(status: 500, type: "api_error", message: "boom") }),
        ("HTML 502", "HTTP 502: ", { _ in .html("<html>bad gateway</html>", status: 502) }),
        ("malformed JSON", "the response is not the provider's format: no", { _ in .json("{\"content\": [") }),
        ("wrong JSON", "the response is not the provider's format", { _ in .json(#"{"unexpected": true}"#) }),
        ("prose", "the model's answer is not the JSON asked for: no JSON object", { $0.success("Sure! The page is about Swift.") }),
        ("wrong shape", "the model's answer is not the JSON asked for", { $0.success(#"{"summary": 5, "tags": "swift"}"#) }),
        ("empty summary", "the model's answer is not the JSON asked for: the summary is empty", { $0.success(#"{"summary": " ", "tags": ["a"]}"#) }),
        ("no usable tags", "the model's answer is not the JSON asked for: no usable tags", { $0.success(##"{"summary": "S.", "tags": ["#", " "]}"##) }),
    ]

    @Test(arguments: ProviderFormat.allCases, failures.indices)
    func failuresFallBackToTheOfflineEngine(format: ProviderFormat, index: Int) async throws {
        let failure = Self.failures[index]
        try await withStandIn({ _, _ in failure.reply(format) }) { server, transport in
            let answer = try await engine(format, server, transport, sleeper: Sleeper(deadline: .seconds(30))).enrichAnswer(Self.page)
            #expect(answer.engine == "offline", "\(failure.label)")
            #expect(answer.value == (try await offline.enrich(Self.page)), "\(failure.label)")
            let reason = try #require(answer.fallbackReason)
            #expect(reason.hasPrefix("\(format.engineName) failed: \(failure.reason)"), "\(failure.label): \(reason)")
            #expect(!reason.contains(ProviderFormat.key))
        }
    }

    @Test(arguments: ProviderFormat.allCases)
    func aRetryAfterIsHonouredOnce(format: ProviderFormat) async throws {
        let sleeper = Sleeper(deadline: .seconds(30))
        try await withStandIn({ _, index in
            index == 0 ? format.error(status: 429, type: "rate_limit_error", message: "wait", headers: [("Retry-After", "2")])
                : format.success(Self.modelAnswer)
        }) { server, transport in
            let answer = try await engine(format, server, transport, sleeper: sleeper).enrichAnswer(Self.page)
            #expect(answer.engine == format.engineName)
            #expect(server.requests.count == 2)
            #expect(sleeper.recorded == [.seconds(2)])
        }
    }

    @Test(arguments: ProviderFormat.allCases)
    func aSecond429FallsBack(format: ProviderFormat) async throws {
        let sleeper = Sleeper(deadline: .seconds(30))
        try await withStandIn({ _, _ in
            format.error(status: 429, type: "rate_limit_error", message: "wait", headers: [("Retry-After", "1")])
        }) { server, transport in
            let answer = try await engine(format, server, transport, sleeper: sleeper).enrichAnswer(Self.page)
            #expect(answer.engine == "offline")
            #expect(answer.fallbackReason == "\(format.engineName) failed: rate limited (HTTP 429, retry after 1 s)")
            #expect(server.requests.count == 2)
            #expect(sleeper.recorded == [.seconds(1)])
        }
    }

    @Test(arguments: ProviderFormat.allCases)
    func aLongRetryAfterIsNotWaitedFor(format: ProviderFormat) async throws {
        let sleeper = Sleeper(deadline: .seconds(30))
        try await withStandIn({ _, _ in
            format.error(status: 429, type: "rate_limit_error", message: "wait", headers: [("Retry-After", "120")])
        }) { server, transport in
            let answer = try await engine(format, server, transport, sleeper: sleeper).enrichAnswer(Self.page)
            #expect(answer.fallbackReason == "\(format.engineName) failed: rate limited (HTTP 429, retry after 120 s)")
            #expect(server.requests.count == 1)
            #expect(sleeper.recorded.isEmpty)
        }
    }

    @Test(arguments: ProviderFormat.allCases)
    func aSilentProviderTimesOut(format: ProviderFormat) async throws {
        let gate = Gate()
        try await withStandIn({ _, _ in
            await gate.wait()
            return format.success(Self.modelAnswer)
        }) { server, transport in
            defer { gate.open() }
            let sleeper = Sleeper(deadline: .seconds(30), expireDeadlines: true)
            let answer = try await engine(format, server, transport, sleeper: sleeper).enrichAnswer(Self.page)
            #expect(answer.engine == "offline")
            #expect(answer.fallbackReason == "\(format.engineName) failed: no answer within 30 s")
        }
    }

    @Test(arguments: ProviderFormat.allCases)
    func anUnreachableProviderFallsBack(format: ProviderFormat) async throws {
        let port = try await closedPort()
        let base = URL(string: "http://127.0.0.1:\(port)\(format == .openai ? "/v1" : "")")! // safe: fixed format
        let settings = ProviderSettings(kind: format == .anthropic ? .anthropic : .openai, baseURL: base, model: ProviderFormat.model,
                                        apiKey: ProviderFormat.key)
        let engine = ProviderEngine(client: settings.client(transport: .live, sleep: Sleeper(deadline: .seconds(30)).sleep),
                                    fallback: offline)
        let answer = try await engine.enrichAnswer(Self.page)
        #expect(answer.engine == "offline")
        #expect(answer.fallbackReason?.hasPrefix("\(format.engineName) failed: unreachable") == true)
    }

    @Test func aKeyEchoedByTheProviderIsScrubbed() async throws {
        try await withStandIn({ _, _ in
            ProviderFormat.openai.error(status: 401, type: "invalid_api_key", message: "Incorrect API key provided: \(ProviderFormat.key)")
        }) { server, transport in
            let answer = try await engine(.openai, server, transport, sleeper: Sleeper(deadline: .seconds(30))).enrichAnswer(Self.page)
            let reason = try #require(answer.fallbackReason)
            #expect(!reason.contains(ProviderFormat.key))
            #expect(reason.contains("Incorrect API key provided: [key]"))
        }
    }

    @Test func aMissingKeyFallsBackWithoutAsking() async throws {
        try await withStandIn({ _, _ in ProviderFormat.anthropic.success(Self.modelAnswer) }) { server, transport in
            let answer = try await engine(.anthropic, server, transport, sleeper: Sleeper(deadline: .seconds(30)), key: nil).enrichAnswer(Self.page)
            #expect(answer.fallbackReason?.contains("no API key (set $ANTHROPIC_API_KEY") == true)
            #expect(server.requests.isEmpty)
        }
    }

    @Test(arguments: ProviderFormat.allCases)
    func rankingKeepsEveryIDOnce(format: ProviderFormat) async throws {
        let items = (1...4).map { RankItem(id: $0, title: "Bookmark \($0)", domain: "example.com") }
        let text = #"{"results": [{"id": 3, "score": 0.9}, {"id": "2", "score": 1.7}, {"id": 99, "score": 1}, {"id": 3, "score": 0.1}]}"#
        try await withStandIn({ _, _ in format.success(text) }) { server, transport in
            let answer = try await engine(format, server, transport, sleeper: Sleeper(deadline: .seconds(30)))
                .rankAnswer(query: "anything", items: items + [items[0]])
            #expect(answer.engine == format.engineName)
            #expect(answer.value == [RankedID(id: 2, score: 1), RankedID(id: 3, score: 0.9), RankedID(id: 1, score: 0), RankedID(id: 4, score: 0)])
            let prompt = try #require(server.requests.first?.body).utf8Text
            #expect(prompt.contains("Query: anything"))
            #expect(prompt.contains("1 | Bookmark 1 | example.com"))
        }
    }

    @Test(arguments: ProviderFormat.allCases)
    func collectionsAreChecked(format: ProviderFormat) async throws {
        let items = (1...6).map { CollectionItem(id: $0, title: "Bookmark \($0)", domain: "example.com", tags: ["t\($0)"]) }
        let text = #"""
            {"collections": [
              {"name": "  Swift   Things ", "description": "About Swift.", "bookmark_ids": [3, 1, 99]},
              {"name": "Repeats", "description": "Taken already.", "bookmark_ids": [1, 3]},
              {"name": "", "bookmark_ids": [4, 5]},
              {"name": "Rest", "bookmark_ids": [6, 5, 4]}
            ]}
            """#
        try await withStandIn({ _, _ in format.success(text) }) { server, transport in
            let answer = try await engine(format, server, transport, sleeper: Sleeper(deadline: .seconds(30))).collectionsAnswer(items)
            #expect(answer.engine == format.engineName)
            #expect(answer.value == [SmartCollection(name: "Swift Things", description: "About Swift.", bookmarkIDs: [1, 3]),
                                     SmartCollection(name: "Rest", description: "", bookmarkIDs: [4, 5, 6])])
        }
    }

    @Test func limitsAreCheckedBeforeAnythingIsSent() async throws {
        try await withStandIn({ _, _ in ProviderFormat.anthropic.success("{}") }) { server, transport in
            let engine = engine(.anthropic, server, transport, sleeper: Sleeper(deadline: .seconds(30)))
            let items = (0..<201).map { RankItem(id: $0, title: "t", domain: "d") }
            await #expect(throws: EngineError.tooManyItems(field: "bookmarks", count: 201, limit: 200)) {
                try await engine.rankAnswer(query: "q", items: items)
            }
            await #expect(throws: EngineError.missingValue(field: "url")) { try await engine.enrichAnswer(EnrichRequest(url: " ")) }
            #expect(server.requests.isEmpty)
        }
    }
}

extension Data {
    var utf8Text: String { String(decoding: self, as: UTF8.self) }
}
