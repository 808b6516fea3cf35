import Foundation
import MarksCore

extension AnthropicClient {
    /// One streamed turn of the Messages API with tools: `{…, tools: [{name, description, input_schema}],
    /// stream: true}`, read from its `message_start` … `content_block_delta` (`text_delta`, `input_json_delta`)
    /// … `message_stop` events.
    public func chat(_ request: MarksClients.ChatRequest, onText: @escaping @Sendable (String) -> Void) async throws(ProviderError) -> ChatReply {
        guard let key = settings.apiKey else { throw .missingKey(variable: settings.keyVariable) }
        let body = JSONValue.object([
            ("model", .string(settings.model)),
            ("max_tokens", .int(min(request.maximumTokens, settings.maximumTokens))),
            ("system", .string(request.system)),
            ("messages", .array(request.messages.map(Self.message))),
            ("tools", .array(request.tools.map { tool in
                .object([("name", .string(tool.name)), ("description", .string(tool.description)), ("input_schema", tool.parameters)])
            })),
            ("stream", .bool(true)),
        ])
        return try await http.events(messagesURL, headers: ["x-api-key": key, "anthropic-version": Self.apiVersion],
                                     body: body.data, reader: StreamReader(onText: onText), errorMessage: Self.errorMessage)
    }

    /// A message of the Messages API: tool calls become `tool_use` blocks, results a user turn of `tool_result`s.
    static func message(_ message: ChatMessage) -> JSONValue {
        switch message {
        case .user(let text):
            return .object([("role", .string("user")), ("content", .string(text))])
        case .assistant(let text, let calls):
            var blocks: [JSONValue] = text.isEmpty ? [] : [.object([("type", .string("text")), ("text", .string(text))])]
            blocks += calls.map { call in
                .object([("type", .string("tool_use")), ("id", .string(call.id)), ("name", .string(call.name)),
                         ("input", JSONValue.parsed(call.arguments) ?? .object([]))])
            }
            return .object([("role", .string("assistant")), ("content", .array(blocks))])
        case .toolResults(let results):
            return .object([("role", .string("user")), ("content", .array(results.map { result in
                .object([("type", .string("tool_result")), ("tool_use_id", .string(result.callID)), ("content", .string(result.content))])
            }))])
        }
    }

    /// Reads the Messages API's event stream: text blocks are passed on as they grow, tool inputs collected.
    struct StreamReader: ServerSentEventReader {
        private enum Block: Sendable {
            case text(String)
            case tool(id: String, name: String, input: String)
        }

        let onText: @Sendable (String) -> Void
        private var blocks: [Int: Block] = [:]
        private var stopped = false

        init(onText: @escaping @Sendable (String) -> Void) {
            self.onText = onText
        }

        private struct Event: Decodable {
            struct ContentBlock: Decodable {
                let type: String
                let text: String?
                let id: String?
                let name: String?
            }
            struct Delta: Decodable {
                let type: String?
                let text: String?
                let partialJSON: String?

                enum CodingKeys: String, CodingKey {
                    case type, text
                    case partialJSON = "partial_json"
                }
            }
            struct Failure: Decodable {
                let type: String?
                let message: String?
            }

            let type: String
            let index: Int?
            let contentBlock: ContentBlock?
            let delta: Delta?
            let error: Failure?

            enum CodingKeys: String, CodingKey {
                case type, index, delta, error
                case contentBlock = "content_block"
            }
        }

        mutating func read(_ event: ServerSentEvent) throws(ProviderError) {
            let decoded: Event
            do {
                decoded = try JSONDecoder().decode(Event.self, from: Data(event.data.utf8))
            } catch {
                throw .malformedResponse("an event of the Messages stream is not its JSON (\(ProviderJSON.describe(error)))")
            }
            switch decoded.type {
            case "content_block_start":
                guard let index = decoded.index, let block = decoded.contentBlock else {
                    throw .malformedResponse("content_block_start without its block")
                }
                if block.type == "tool_use" {
                    blocks[index] = .tool(id: block.id ?? "toolu_\(index)", name: block.name ?? "", input: "")
                } else if block.type == "text" {
                    blocks[index] = .text(block.text ?? "")
                    if let text = block.text, !text.isEmpty { onText(text) }
                }
            case "content_block_delta":
                guard let index = decoded.index, let delta = decoded.delta else { throw .malformedResponse("content_block_delta without its delta") }
                switch (blocks[index], delta.type) {
                case (.text(let text)?, "text_delta"):
                    let piece = delta.text ?? ""
                    blocks[index] = .text(text + piece)
                    if !piece.isEmpty { onText(piece) }
                case (.tool(let id, let name, let input)?, "input_json_delta"):
                    blocks[index] = .tool(id: id, name: name, input: input + (delta.partialJSON ?? ""))
                case (nil, _):
                    throw .malformedResponse("a delta for block \(index), which was never started")
                default:
                    break  // thinking, citations and other deltas do not make the answer
                }
            case "message_stop":
                stopped = true
            case "error":
                let type = decoded.error?.type ?? "error"
                if type == "overloaded_error" { throw .overloaded(status: 529) }
                throw .server(status: 200, message: [type, decoded.error?.message].compactMap { $0 }.joined(separator: ": "))
            default:
                break  // message_start, content_block_stop, message_delta, ping
            }
        }

        func finish() throws(ProviderError) -> ChatReply {
            guard stopped else { throw .malformedResponse("the Messages stream ended before message_stop") }
            var text = ""
            var calls: [ChatToolCall] = []
            for index in blocks.keys.sorted() {
                switch blocks[index] {
                case .text(let piece)?: text += piece
                case .tool(let id, let name, let input)?: calls.append(ChatToolCall(id: id, name: name, arguments: input.isEmpty ? "{}" : input))
                case nil: break
                }
            }
            return ChatReply(text: text, toolCalls: calls)
        }
    }
}
