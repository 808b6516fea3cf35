import Foundation

/// One question and answer of a conversation, as kept in `ask_turns`.
public struct AskTurn: Sendable, Equatable {
    /// The question as asked.
    public var question: String
    /// The answer's text with its `[n]` markers ("I couldn't find that in your bookmarks." when not found).
    public var answer: String
    /// The words the search tool was given: the question, with the earlier turns' key terms for a follow-up.
    public var query: String
    /// Which engine answered (`offline`, `anthropic:<model>`, …).
    public var engine: String
    /// When it was asked.
    public var date: Date

    /// A turn as given.
    public init(question: String, answer: String, query: String, engine: String, date: Date) {
        self.question = question
        self.answer = answer
        self.query = query
        self.engine = engine
        self.date = date
    }
}
