import MarksTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import MarksAppAPI
import MarksClients
import MarksCore
import MarksEngine
import MarksServer
import Testing

/// One set of expectations for both implementations of the backend seam: the engine in process, and
/// `AppAPIClient` → `marks serve` (`MarksApp` + `HTTPServer` on port 0) → the same engine. Each runs with
/// the offline engine, with a working provider, and with a provider that fails (and falls back).
@Suite struct BackendContractTests {
    enum Side: String, CaseIterable, CustomStringConvertible {
        case inProcess, overHTTP
        var description: String { rawValue }
    }

    enum Setup: String, CaseIterable, CustomStringConvertible {
        case offline, provider, failingProvider
        var description: String { rawValue }

        var failure: (status: Int, type: String)? { self == .failingProvider ? (529, "overloaded_error") : nil }
        var expectedEngine: String { self == .provider ? "anthropic:\(ProviderStandIn.model)" : "offline" }
        var expectedFallback: String? {
            self == .failingProvider ? "anthropic:\(ProviderStandIn.model) failed: the provider is overloaded (HTTP 529)" : nil
        }
    }

    /// Runs `body` with the engine of `side` and `setup`, cleaning everything up afterwards.
    func withEngine(_ side: Side, _ setup: Setup, _ body: (any AIEngine) async throws -> Void) async throws {
        let transport = HTTPTransport.live
        let provider = try LiveServer(ProviderStandIn.responder(failure: setup.failure))
        var config = MarksConfig()
        if setup != .offline {
            config.ai = AIProviderConfig(provider: .anthropic, baseURL: provider.baseURL.absoluteString, model: ProviderStandIn.model)
        }
        let environment = ["ANTHROPIC_API_KEY": ProviderStandIn.key]
        var cleanups: [() async -> Void] = [{ await provider.stop() }]
        do {
            switch side {
            case .inProcess:
                let offline = OfflineEngine(embedder: TestEmbedder())
                if let ai = config.ai {
                    let settings = try ProviderSettings(config: ai, environment: environment)
                    try await body(ProviderEngine(client: settings.client(transport: transport), fallback: offline))
                } else {
                    try await body(offline)
                }
            case .overHTTP:
                let fixture = try AppAPIFixture(config: config, environment: environment, providerTransport: transport)
                cleanups.append { fixture.remove() }
                let server = try LiveServer(fixture.router)
                cleanups.insert({ await server.stop() }, at: 0)
                let client = AppAPIClient(
                    configuration: .init(baseURL: server.baseURL, credentialsFile: fixture.directory.appendingPathComponent("client/backend.json"),
                                         appVersion: "test", retry: .once),
                    transport: transport)
                try await body(client)
                #expect(fixture.errors.all.isEmpty)
            }
        } catch {
            for cleanup in cleanups { await cleanup() }
            throw error
        }
        for cleanup in cleanups { await cleanup() }
    }

    static let page = EnrichRequest(
        url: "https://example.com/structured-concurrency", title: "Structured concurrency",
        text: """
            Structured concurrency ties every child task to the scope that started it. Cancellation flows down the task tree. \
            Task groups collect the results of many child tasks and rethrow the first error they meet.
            """,
        vocabulary: ["swift", "concurrency"])

    static let bookmarks: [(id: Int, title: String, domain: String)] = [
        (1, "Swift actors and isolation", "swift.org"), (2, "Sourdough bread at home", "bread.example"),
        (3, "Task groups in Swift", "swift.org"), (4, "Whole wheat sourdough starter", "bread.example"),
        (5, "Async sequences in Swift", "swift.org"), (6, "Baking bread in a dutch oven", "bread.example"),
        (7, "Swift concurrency checking", "swift.org"), (8, "Rye bread recipe", "bread.example"),
    ]

    @Test(arguments: Side.allCases, Setup.allCases)
    func enrich(side: Side, setup: Setup) async throws {
        try await withEngine(side, setup) { engine in
            let answer = try await engine.enrichAnswer(Self.page)
            #expect(answer.engine == setup.expectedEngine)
            #expect(answer.value.engine == answer.engine)
            #expect(answer.fallbackReason == setup.expectedFallback)
            #expect(!answer.value.summary.isEmpty)
            #expect((1...5).contains(answer.value.tags.count))
            #expect(answer.value.tags.allSatisfy { $0 == $0.lowercased() && !$0.contains(" ") })
            #expect(Set(answer.value.tags).count == answer.value.tags.count)
            if setup == .provider {
                #expect(answer.value == EnrichResult(summary: "A page about structured concurrency.", tags: ["concurrency", "swift"],
                                                     engine: setup.expectedEngine))
            }
        }
    }

    @Test(arguments: Side.allCases, Setup.allCases)
    func search(side: Side, setup: Setup) async throws {
        try await withEngine(side, setup) { engine in
            let items = Self.bookmarks.map { RankItem(id: $0.id, title: $0.title, domain: $0.domain) }
            let answer = try await engine.rankAnswer(query: "swift concurrency", items: items + [items[0]])
            #expect(answer.engine == setup.expectedEngine)
            #expect(answer.fallbackReason == setup.expectedFallback)
            #expect(answer.value.map(\.id).sorted() == items.map(\.id))
            #expect(answer.value.map(\.score) == answer.value.map(\.score).sorted(by: >))
            if setup == .provider { #expect(answer.value.map(\.id) == [8, 7, 6, 5, 4, 3, 2, 1]) }
            let empty = try await engine.rankAnswer(query: "anything", items: [])
            #expect(empty.value.isEmpty)
            #expect(empty.engine == "offline" && empty.fallbackReason == nil)  // nothing to ask, nothing fell back
        }
    }

    @Test(arguments: Side.allCases, Setup.allCases)
    func collections(side: Side, setup: Setup) async throws {
        try await withEngine(side, setup) { engine in
            let items = Self.bookmarks.map { CollectionItem(id: $0.id, title: $0.title, domain: $0.domain, tags: [$0.domain]) }
            let answer = try await engine.collectionsAnswer(items)
            #expect(answer.engine == setup.expectedEngine)
            #expect(answer.fallbackReason == setup.expectedFallback)
            let members = answer.value.flatMap(\.bookmarkIDs)
            #expect(Set(members).count == members.count)
            #expect(Set(members).isSubset(of: Set(items.map(\.id))))
            #expect(answer.value.allSatisfy { !$0.name.isEmpty })
            if setup == .provider {
                #expect(answer.value == [SmartCollection(name: "First Three", description: "The first three bookmarks.", bookmarkIDs: [1, 2, 3])])
            }
        }
    }

    @Test(arguments: Side.allCases, Setup.allCases)
    func limitsAreRefusedTheSameWay(side: Side, setup: Setup) async throws {
        try await withEngine(side, setup) { engine in
            let tooMany = (0..<201).map { RankItem(id: $0, title: "t\($0)", domain: "d") }
            try await expectError(containing: "bookmarks has 201 entries; at most 200 are accepted") {
                _ = try await engine.rankAnswer(query: "q", items: tooMany)
            }
            let tooManyToGroup = (0..<151).map { CollectionItem(id: $0, title: "t", domain: "d") }
            try await expectError(containing: "bookmarks has 151 entries; at most 150 are accepted") {
                _ = try await engine.collectionsAnswer(tooManyToGroup)
            }
            try await expectError(containing: "query is empty") { _ = try await engine.rankAnswer(query: " ", items: []) }
            try await expectError(containing: "url is empty") { _ = try await engine.enrichAnswer(EnrichRequest(url: "", text: "x")) }
            let longTitle = RankItem(id: 1, title: String(repeating: "t", count: 2049), domain: "d")
            try await expectError(containing: "bookmarks[0].title is 2049 bytes long; at most 2048") {
                _ = try await engine.rankAnswer(query: "q", items: [longTitle])
            }
        }
    }

    @Test func bothSidesGiveTheSameOfflineAnswers() async throws {
        var answers: [Side: (EngineAnswer<EnrichResult>, EngineAnswer<[RankedID]>, EngineAnswer<[SmartCollection]>)] = [:]
        for side in Side.allCases {
            try await withEngine(side, .offline) { engine in
                let items = Self.bookmarks.map { RankItem(id: $0.id, title: $0.title, domain: $0.domain) }
                let groups = Self.bookmarks.map { CollectionItem(id: $0.id, title: $0.title, domain: $0.domain) }
                answers[side] = (try await engine.enrichAnswer(Self.page), try await engine.rankAnswer(query: "bread", items: items),
                                 try await engine.collectionsAnswer(groups))
            }
        }
        let local = try #require(answers[.inProcess])
        let remote = try #require(answers[.overHTTP])
        #expect(local.0 == remote.0)
        #expect(local.1 == remote.1)
        #expect(local.2 == remote.2)
    }

    func expectError(containing text: String, _ body: () async throws -> Void) async throws {
        do {
            try await body()
            Issue.record("no error; expected one containing \"\(text)\"")
        } catch let error as AppAPIClientError {
            guard case .rejected(400, let message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains(text), "\(message)")
        } catch let error as EngineError {
            #expect(error.description.contains(text), "\(error)")
        }
    }
}
