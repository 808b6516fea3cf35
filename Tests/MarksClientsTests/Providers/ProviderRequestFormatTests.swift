import Foundation
import HTTPServer
import MarksClients
import MarksEngine
import Testing

@Suite struct ProviderRequestFormatTests {
    let enrichAnswer = #"{"summary": "Actors keep state safe.", "tags": ["swift", "concurrency", "actors"]}"#

    @Test func anthropicRequestsUseTheMessagesAPI() async throws {
        try await withStandIn({ _, _ in ProviderFormat.anthropic.success(enrichAnswer) }) { server, transport in
            let client = ProviderFormat.anthropic.settings(server).client(transport: transport)
            let text = try await client.complete(ProviderPrompt(system: "instructions", user: "material", maximumTokens: 100))
            #expect(text == enrichAnswer)
            let request = try #require(server.requests.first)
            #expect(request.method == "POST")
            #expect(request.path == "/v1/messages")
            #expect(request.headers["x-api-key"] == ProviderFormat.key)
            #expect(request.headers["anthropic-version"] == "2023-06-01")
            #expect(request.headers["Content-Type"] == "application/json")
            #expect(request.headers["Authorization"] == nil)
            let body = try #require(request.json)
            #expect(body["model"] as? String == "test-model")
            #expect(body["max_tokens"] as? Int == 100)
            #expect(body["system"] as? String == "instructions")
            let messages = try #require(body["messages"] as? [[String: Any]])
            #expect(messages.count == 1)
            #expect(messages.first?["role"] as? String == "user")
            #expect(messages.first?["content"] as? String == "material")
        }
    }

    @Test func anthropicRootsEndingInV1AreNotDoubled() async throws {
        try await withStandIn({ _, _ in ProviderFormat.anthropic.success("{}") }) { server, transport in
            var settings = ProviderFormat.anthropic.settings(server)
            settings.baseURL = server.baseURL.appendingPathComponent("v1")
            _ = try await settings.client(transport: transport).complete(ProviderPrompt(system: "s", user: "u", maximumTokens: 10))
            #expect(server.requests.first?.path == "/v1/messages")
        }
    }

    @Test func openAIRequestsUseChatCompletions() async throws {
        try await withStandIn({ _, _ in ProviderFormat.openai.success(enrichAnswer) }) { server, transport in
            let client = ProviderFormat.openai.settings(server).client(transport: transport)
            let text = try await client.complete(ProviderPrompt(system: "instructions", user: "material", maximumTokens: 100))
            #expect(text == enrichAnswer)
            let request = try #require(server.requests.first)
            #expect(request.path == "/v1/chat/completions")
            #expect(request.headers["Authorization"] == "Bearer \(ProviderFormat.key)")
            #expect(request.headers["x-api-key"] == nil)
            let body = try #require(request.json)
            #expect(body["model"] as? String == "test-model")
            #expect((body["response_format"] as? [String: Any])?["type"] as? String == "json_object")
            let messages = try #require(body["messages"] as? [[String: Any]])
            #expect(messages.map { $0["role"] as? String } == ["system", "user"])
            #expect(messages.map { $0["content"] as? String } == ["instructions", "material"])
        }
    }

    @Test func localOpenAIServersNeedNoKey() async throws {
        try await withStandIn({ _, _ in ProviderFormat.openai.success("{}") }) { server, transport in
            let client = ProviderFormat.openai.settings(server, key: nil).client(transport: transport)
            _ = try await client.complete(ProviderPrompt(system: "s", user: "u", maximumTokens: 10))
            #expect(server.requests.first?.headers["Authorization"] == nil)
        }
    }

    @Test func anthropicWithoutAKeySendsNothing() async throws {
        try await withStandIn({ _, _ in ProviderFormat.anthropic.success("{}") }) { server, transport in
            let client = ProviderFormat.anthropic.settings(server, key: nil).client(transport: transport)
            await #expect(throws: ProviderError.missingKey(variable: "ANTHROPIC_API_KEY")) {
                try await client.complete(ProviderPrompt(system: "s", user: "u", maximumTokens: 10))
            }
            #expect(server.requests.isEmpty)
        }
    }

    @Test(arguments: ProviderFormat.allCases)
    func errorBodiesAreReadInTheProvidersFormat(format: ProviderFormat) async throws {
        let reply = format.error(status: 400, type: "invalid_request_error", message: "max_tokens: too large")
        try await withStandIn({ _, _ in reply }) { server, transport in
            let client = format.settings(server).client(transport: transport)
            await #expect(throws: ProviderError.server(status: 400, message: "invalid_request_error: max_tokens: too large")) {
                try await client.complete(ProviderPrompt(system: "s", user: "u", maximumTokens: 10))
            }
        }
    }
}
