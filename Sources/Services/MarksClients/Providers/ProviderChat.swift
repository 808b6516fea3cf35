import MarksCore

/// A conversation with a model that may call tools, sent whole each turn: instructions, the messages so far,
/// the tools it may call, and a cap on the answer's length. `ProviderClient.chat` streams the model's next turn.
public struct ChatRequest: Sendable, Equatable {
    /// The instructions (the system prompt).
    public var system: String
    /// The conversation so far, oldest first; the last is the user's (a question or tool results).
    public var messages: [ChatMessage]
    /// The tools the model may call.
    public var tools: [ChatTool]
    /// The most tokens the turn may use.
    public var maximumTokens: Int

    /// A request as given.
    public init(system: String, messages: [ChatMessage], tools: [ChatTool], maximumTokens: Int) {
        self.system = system
        self.messages = messages
        self.tools = tools
        self.maximumTokens = maximumTokens
    }
}

/// One message of a tool-using conversation.
public enum ChatMessage: Sendable, Equatable {
    /// The person's words.
    case user(String)
    /// The model's turn: its text and the tools it called.
    case assistant(String, toolCalls: [ChatToolCall])
    /// What the called tools answered, one result per call.
    case toolResults([ChatToolResult])
}

/// A tool the model may call: a name, what it does, and its parameters as a JSON schema.
public struct ChatTool: Sendable, Equatable {
    public var name: String
    public var description: String
    /// A JSON schema object.
    public var parameters: JSONValue

    /// A tool as given.
    public init(name: String, description: String, parameters: JSONValue) {
        self.name = name
        self.description = description
        self.parameters = parameters
    }
}

/// One call of a tool by the model: the provider's call id, the tool and its arguments as JSON text.
public struct ChatToolCall: Sendable, Equatable {
    public var id: String
    public var name: String
    /// The arguments as the model wrote them (a JSON object, when the model behaves).
    public var arguments: String

    /// A call as given.
    public init(id: String, name: String, arguments: String) {
        self.id = id
        self.name = name
        self.arguments = arguments
    }
}

/// What a tool answered to one call.
public struct ChatToolResult: Sendable, Equatable {
    public var callID: String
    public var content: String

    /// A result as given.
    public init(callID: String, content: String) {
        self.callID = callID
        self.content = content
    }
}

/// The model's turn: its text (streamed as it came) and the tools it called.
public struct ChatReply: Sendable, Equatable {
    public var text: String
    public var toolCalls: [ChatToolCall]

    /// A reply as given.
    public init(text: String, toolCalls: [ChatToolCall]) {
        self.text = text
        self.toolCalls = toolCalls
    }
}
