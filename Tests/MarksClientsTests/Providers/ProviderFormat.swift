import Foundation
import HTTPServer
import MarksClients
import MarksCore

/// Each provider's real wire format, for the stand-in servers.
enum ProviderFormat: String, CaseIterable, Sendable, CustomStringConvertible {
    case anthropic
    case openai

    static let model = "test-model"
    static let key = "sk-test-0123456789abcdef"

    var description: String { rawValue }

    /// The path the client must POST to.
    var path: String {
        switch self {
        case .anthropic: "/v1/messages"
        case .openai: "/v1/chat/completions"
        }
    }

    var engineName: String { "\(rawValue):\(Self.model)" }

    /// Settings pointing at a stand-in server (OpenAI-compatible roots include `/v1`).
    func settings(_ server: StandInServer, key: String? = ProviderFormat.key, timeout: Duration = .seconds(30)) -> ProviderSettings {
        switch self {
        case .anthropic:
            ProviderSettings(kind: .anthropic, baseURL: server.baseURL, model: Self.model, apiKey: key, keyVariable: "ANTHROPIC_API_KEY", timeout: timeout)
        case .openai:
            ProviderSettings(kind: .openai, baseURL: server.baseURL.appendingPathComponent("v1"), model: Self.model, apiKey: key,
                             keyVariable: "OPENAI_API_KEY", timeout: timeout)
        }
    }

    /// A successful answer whose model text is `text`.
    func success(_ text: String) -> HTTPResponse {
        let quoted = JSONValue.string(text).serialized
        switch self {
        case .anthropic:
            return .json(#"{"id":"msg_01","type":"message","role":"assistant","model":"test-model","content":[{"type":"text","text":\#(quoted)}],"stop_reason":"end_turn","usage":{"input_tokens":10,"output_tokens":20}}"#)
        case .openai:
            return .json(#"{"id":"chatcmpl-1","object":"chat.completion","model":"test-model","choices":[{"index":0,"message":{"role":"assistant","content":\#(quoted)},"finish_reason":"stop"}]}"#)
        }
    }

    /// An error answer in the provider's format.
    func error(status: Int, type: String, message: String, headers: [(String, String)] = []) -> HTTPResponse {
        let quoted = JSONValue.string(message).serialized
        switch self {
        case .anthropic:
            return .json(#"{"type":"error","error":{"type":"\#(type)","message":\#(quoted)}}"#, status: status, headers: headers)
        case .openai:
            return .json(#"{"error":{"message":\#(quoted),"type":"\#(type)","param":null,"code":null}}"#, status: status, headers: headers)
        }
    }
}
