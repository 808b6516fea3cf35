import Foundation
import MarksCore
import Testing
@testable import MarksClients

@Suite struct ProviderSettingsTests {
    @Test func theKeyComesFromTheEnvironmentFirst() throws {
        let config = AIProviderConfig(provider: .anthropic, model: "claude-x", apiKey: "from-file")
        #expect(try ProviderSettings(config: config, environment: ["ANTHROPIC_API_KEY": "from-env"]).apiKey == "from-env")
        #expect(try ProviderSettings(config: config, environment: ["ANTHROPIC_API_KEY": ""]).apiKey == "from-file")
        var named = config
        named.apiKeyEnv = "MY_KEY"
        #expect(try ProviderSettings(config: named, environment: ["MY_KEY": "mine", "ANTHROPIC_API_KEY": "other"]).apiKey == "mine")
        let openai = AIProviderConfig(provider: .openai, baseURL: "http://127.0.0.1:11434/v1", model: "llama3.2")
        #expect(try ProviderSettings(config: openai, environment: [:]).apiKey == nil)
    }

    @Test func defaultsAndEndpoints() throws {
        let anthropic = try ProviderSettings(config: AIProviderConfig(provider: .anthropic, model: "m"), environment: [:])
        #expect(anthropic.baseURL.absoluteString == "https://api.anthropic.com")
        #expect(anthropic.engineName == "anthropic:m")
        #expect(anthropic.timeout == .seconds(30))
        let openai = try ProviderSettings(config: AIProviderConfig(provider: .openai, baseURL: "http://localhost:8080/v1/", model: "m",
                                                                   timeoutSeconds: 5), environment: [:])
        #expect(openai.endpoint("/chat/completions").absoluteString == "http://localhost:8080/v1/chat/completions")
        #expect(openai.timeout == .seconds(5))
    }

    @Test(arguments: [
        AIProviderConfig(provider: .openai, baseURL: "ftp://example.com", model: "m"),
        AIProviderConfig(provider: .openai, baseURL: "not a url", model: "m"),
        AIProviderConfig(provider: .openai, baseURL: "http://", model: "m"),
        AIProviderConfig(provider: .anthropic, model: "  "),
        AIProviderConfig(provider: .anthropic, model: "m", timeoutSeconds: 0),
    ])
    func unusableSectionsAreRefused(config: AIProviderConfig) {
        #expect(throws: ProviderError.self) { try ProviderSettings(config: config, environment: [:]) }
    }

    @Test func descriptionsNeverShowTheKey() throws {
        let config = AIProviderConfig(provider: .anthropic, model: "m", apiKey: "sk-secret-key")
        let settings = try ProviderSettings(config: config, environment: [:])
        #expect(!settings.description.contains("sk-secret-key"))
        #expect(!config.description.contains("sk-secret-key"))
    }

    @Test func theConfigSectionRoundTripsAndOlderFilesLoad() throws {
        let json = #"{"ai":{"provider":"openai","base_url":"http://127.0.0.1:8081/v1","model":"qwen","api_key_env":"LLAMA_KEY","timeout_seconds":12},"registration_secret":"s"}"#
        let config = try JSONDecoder().decode(MarksConfig.self, from: Data(json.utf8))
        #expect(config.ai == AIProviderConfig(provider: .openai, baseURL: "http://127.0.0.1:8081/v1", model: "qwen", apiKeyEnv: "LLAMA_KEY", timeoutSeconds: 12))
        #expect(config.registrationSecret == "s")
        let again = try JSONDecoder().decode(MarksConfig.self, from: JSONEncoder().encode(config))
        #expect(again == config)
        let old = try JSONDecoder().decode(MarksConfig.self, from: Data(#"{"backend_url":"http://x"}"#.utf8))
        #expect(old.ai == nil && old.registrationSecret == nil)
    }

    @Test func environmentOverridesTheSection() {
        let base = MarksConfig(ai: AIProviderConfig(provider: .anthropic, model: "claude"))
        #expect(base.applying(environment: ["MARKS_AI_PROVIDER": "offline"]).ai == nil)
        #expect(base.applying(environment: ["MARKS_AI_MODEL": "other"]).ai?.model == "other")
        let switched = base.applying(environment: ["MARKS_AI_PROVIDER": "openai", "MARKS_AI_BASE_URL": "http://127.0.0.1:11434/v1"])
        #expect(switched.ai == AIProviderConfig(provider: .openai, baseURL: "http://127.0.0.1:11434/v1", model: "claude"))
        #expect(MarksConfig().applying(environment: ["MARKS_AI_PROVIDER": "openai"]).ai == nil)  // no model: stays off
        #expect(MarksConfig().applying(environment: ["MARKS_AI_PROVIDER": "openai", "MARKS_AI_MODEL": "llama3.2"]).ai?.model == "llama3.2")
        #expect(MarksConfig().applying(environment: ["MARKS_REGISTRATION_SECRET": "x"]).registrationSecret == "x")
    }
}
