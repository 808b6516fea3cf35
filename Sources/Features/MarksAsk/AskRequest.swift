import MarksIndex

/// One question to Ask: the words, where to look, and the conversation it continues.
public struct AskRequest: Sendable, Equatable {
    /// The question as the person asked it.
    public var question: String
    /// Which passages may answer (unread, tag, bookmarks and/or sources).
    public var filter: SearchFilter
    /// The conversation this question continues; nil starts a new one (its id comes back in the answer).
    public var conversationID: String?

    /// A request as given; by default over bookmarks and sources, in a new conversation.
    public init(question: String, filter: SearchFilter = SearchFilter(sources: .included), conversationID: String? = nil) {
        self.question = question
        self.filter = filter
        self.conversationID = conversationID
    }
}
