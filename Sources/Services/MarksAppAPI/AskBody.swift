/// The body of `POST /v1/marks/ask`: `{"question", "conversation_id"?, "tag"?, "unread"?, "scope"?}`.
public struct AskBody: Decodable, Sendable, Equatable {
    /// Where an answer may come from.
    public enum Scope: String, Sendable, Equatable {
        /// Bookmarks and sources (the default).
        case all
        /// Bookmarks only.
        case bookmarks
        /// Sources only.
        case sources
    }

    static let fields = ["question", "conversation_id", "tag", "unread", "scope"]

    /// The question as the person asked it.
    public var question: String
    /// The conversation it continues (an id an earlier answer carried); nil starts a new one.
    public var conversationID: String?
    /// Only bookmarks and sources with this tag.
    public var tag: String?
    /// Only unread bookmarks.
    public var unread: Bool
    public var scope: Scope

    /// A body as given (the web app's Ask form), to be `validated` like a decoded one.
    public init(question: String, conversationID: String? = nil, tag: String? = nil, unread: Bool = false, scope: Scope = .all) {
        self.question = question
        self.conversationID = conversationID
        self.tag = tag
        self.unread = unread
        self.scope = scope
    }

    public init(from decoder: any Decoder) throws {
        let object = try WireDecoding.object(decoder, allowed: Self.fields)
        question = try object.required("question")
        conversationID = try object.optional("conversation_id")
        tag = try object.optional("tag")
        unread = try object.optional("unread") ?? false
        let scopeName: String? = try object.optional("scope")
        guard let scope = Scope(rawValue: scopeName ?? "all") else {
            throw AppAPIError.invalid("scope must be \"all\", \"bookmarks\" or \"sources\".")
        }
        self.scope = scope
    }

    /// The body after checking every limit: a question with words, at most `limits.askQuestion` bytes; a
    /// well-formed conversation id; a tag of at most `limits.engine.tag` bytes.
    public func validated(_ limits: AppAPILimits) throws(AppAPIError) -> AskBody {
        try FieldCheck.present(question, "question")
        try FieldCheck.length(question, limits.askQuestion, "question")
        guard question.contains(where: { $0.isLetter || $0.isNumber }) else {
            throw .invalid("question has no words; ask something.")
        }
        if let conversationID {
            let valid = (1...64).contains(conversationID.utf8.count) && conversationID.utf8.allSatisfy {
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D || $0 == 0x5F
            }
            guard valid else { throw .invalid("conversation_id is 1–64 letters, digits, '-' or '_' (the id an answer carried).") }
        }
        try FieldCheck.length(tag, limits.engine.tag, "tag")
        return self
    }
}
