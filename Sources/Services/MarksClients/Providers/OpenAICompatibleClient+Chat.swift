import Foundation
import MarksCore

extension OpenAICompatibleClient {
    /// One streamed turn of chat completions with tools: `{…, tools: [{type: "function", function: {name,
    /// description, parameters}}], stream: true}`, read from its `chat.completion.chunk` events (`delta.content`,
    /// `delta.tool_calls` by index) up to `data: [DONE]`.
    public func chat(_ request: MarksClients.ChatRequest, onText: @escaping @Sendable (String) -> Void) async throws(ProviderError) -> ChatReply {
        let body = JSONValue.object([
            ("model", .string(settings.model)),
            ("messages", .array([.object([("role", .string("system")), ("content", .string(request.system))])]
                + request.messages.flatMap(Self.messages))),
            ("tools", .array(request.tools.map { tool in
                .object([("type", .string("function")), ("function", .object([
                    ("name", .string(tool.name)), ("description", .string(tool.description)), ("parameters", tool.parameters),
                ]))])
            })),
            ("max_tokens", .int(min(request.maximumTokens, settings.maximumTokens))),
            ("stream", .bool(true)),
        ])
        var headers: [String: String] = [:]
        if let key = settings.apiKey { headers["Authorization"] = "Bearer \(key)" }
        return try await http.events(settings.endpoint("/chat/completions"), headers: headers, body: body.data,
                                     reader: StreamReader(onText: onText), errorMessage: Self.errorMessage)
    }

    /// The chat messages of one conversation message (tool results are one `tool` message each).
    static func messages(_ message: ChatMessage) -> [JSONValue] {
        switch message {
        case .user(let text):
            return [.object([("role", .string("user")), ("content", .string(text))])]
        case .assistant(let text, let calls):
            var fields: [(String, JSONValue)] = [("role", .string("assistant")), ("content", text.isEmpty && !calls.isEmpty ? .null : .string(text))]
            if !calls.isEmpty {
                fields.append(("tool_calls", .array(calls.map { call in
                    .object([("id", .string(call.id)), ("type", .string("function")),
                             ("function", .object([("name", .string(call.name)), ("arguments", .string(call.arguments))]))])
                })))
            }
            return [.object(fields)]
        case .toolResults(let results):
            return results.map { result in
                .object([("role", .string("tool")), ("tool_call_id", .string(result.callID)), ("content", .string(result.content))])
            }
        }
    }

    /// Reads chat-completion chunks: content is passed on as it grows, tool calls are put together by index.
    struct StreamReader: ServerSentEventReader {
        private struct Call: Sendable {
            var id = ""
            var name = ""
            var arguments = ""
        }

        let onText: @Sendable (String) -> Void
        private var text = ""
        private var calls: [Int: Call] = [:]
        private var done = false

        init(onText: @escaping @Sendable (String) -> Void) {
            self.onText = onText
        }

        private struct Chunk: Decodable {
            struct Choice: Decodable {
                struct Delta: Decodable {
                    struct ToolCall: Decodable {
                        struct Function: Decodable {
                            let name: String?
                            let arguments: String?
                        }
                        let index: Int?
                        let id: String?
                        let function: Function?
                    }
                    let content: String?
                    let toolCalls: [ToolCall]?

                    enum CodingKeys: String, CodingKey {
                        case content
                        case toolCalls = "tool_calls"
                    }
                }
                let delta: Delta?
                let finishReason: String?

                enum CodingKeys: String, CodingKey {
                    case delta
                    case finishReason = "finish_reason"
                }
            }
            struct Failure: Decodable {
                let message: String?
                let type: String?
            }
            let choices: [Choice]?
            let error: Failure?
        }

        mutating func read(_ event: ServerSentEvent) throws(ProviderError) {
            guard event.data != "[DONE]" else {
                done = true
                return
            }
            let chunk: Chunk
            do {
                chunk = try JSONDecoder().decode(Chunk.self, from: Data(event.data.utf8))
            } catch {
                throw .malformedResponse("a chunk of the chat-completions stream is not its JSON (\(ProviderJSON.describe(error)))")
            }
            if let failure = chunk.error {
                throw .server(status: 200, message: [failure.type, failure.message].compactMap { $0 }.joined(separator: ": "))
            }
            guard let choice = chunk.choices?.first else { return }  // a usage-only chunk
            if let piece = choice.delta?.content, !piece.isEmpty {
                text += piece
                onText(piece)
            }
            for call in choice.delta?.toolCalls ?? [] {
                let index = call.index ?? 0
                var current = calls[index] ?? Call()
                if let id = call.id, !id.isEmpty { current.id = id }
                if let name = call.function?.name, !name.isEmpty, current.name.isEmpty { current.name = name }
                current.arguments += call.function?.arguments ?? ""
                calls[index] = current
            }
            if choice.finishReason != nil { done = true }
        }

        func finish() throws(ProviderError) -> ChatReply {
            guard done else { throw .malformedResponse("the chat-completions stream ended before [DONE]") }
            let toolCalls = calls.keys.sorted().compactMap { index -> ChatToolCall? in
                guard let call = calls[index] else { return nil }
                return ChatToolCall(id: call.id.isEmpty ? "call_\(index)" : call.id, name: call.name,
                                    arguments: call.arguments.isEmpty ? "{}" : call.arguments)
            }
            return ChatReply(text: text, toolCalls: toolCalls)
        }
    }
}
