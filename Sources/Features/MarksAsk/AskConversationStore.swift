import Foundation
import SQLiteDatabase

/// Ask's conversations, kept in `marks.sqlite` (`AskConversationSchema`): the turns of each, oldest first, at
/// most `maximumTurns` per conversation (older turns are dropped as new ones arrive).
public final class AskConversationStore: Sendable {
    /// The most turns kept per conversation.
    public static let maximumTurns = 50
    /// The most characters of a question or answer kept.
    static let maximumText = 20_000

    private let database: Database

    /// The store in `database`; applies the `ask` migrations first.
    public init(database: Database) throws(AskError) {
        self.database = database
        do {
            _ = try database.migrate(namespace: AskConversationSchema.namespace, AskConversationSchema.migrations)
        } catch {
            throw .storage(String(describing: error))
        }
    }

    /// True for 1–64 ASCII letters, digits, `-` and `_`.
    public static func isValidID(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count)
            && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D || $0 == 0x5F }
    }

    /// The turns of a conversation, oldest first (the last `limit` when given); empty for an unknown one.
    public func turns(of id: String, last limit: Int? = nil) throws(AskError) -> [AskTurn] {
        guard Self.isValidID(id) else { throw .invalidConversationID }
        return try storing {
            try database.read { connection in
                let rows = try connection.query("""
                    SELECT question, answer, query, engine, asked_at FROM ask_turns WHERE conversation_id = ?
                    ORDER BY turn DESC LIMIT ?
                    """, [SQLValue(id), SQLValue(limit ?? Self.maximumTurns)])
                return try rows.reversed().map { row in
                    AskTurn(question: try row.string("question"), answer: try row.string("answer"), query: try row.string("query"),
                            engine: try row.string("engine"), date: Date(timeIntervalSince1970: try row.double("asked_at")))
                }
            }
        }
    }

    /// Adds a turn at the end of a conversation (starting it when new) and drops turns beyond `maximumTurns`.
    public func append(_ turn: AskTurn, to id: String) throws(AskError) {
        guard Self.isValidID(id) else { throw .invalidConversationID }
        try storing {
            try database.write { connection in
                let next = try connection.queryOne(
                    "SELECT coalesce(max(turn), 0) + 1 AS next FROM ask_turns WHERE conversation_id = ?", [SQLValue(id)])
                let number = try next?.int("next") ?? 1
                _ = try connection.run("""
                    INSERT INTO ask_turns (conversation_id, turn, question, answer, query, engine, asked_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, [SQLValue(id), SQLValue(number), SQLValue(String(turn.question.prefix(Self.maximumText))),
                          SQLValue(String(turn.answer.prefix(Self.maximumText))), SQLValue(String(turn.query.prefix(Self.maximumText))),
                          SQLValue(turn.engine), SQLValue(turn.date.timeIntervalSince1970)])
                _ = try connection.run("DELETE FROM ask_turns WHERE conversation_id = ? AND turn <= ?",
                                       [SQLValue(id), SQLValue(number - Self.maximumTurns)])
            }
        }
    }

    /// Forgets a conversation; true when it had turns.
    @discardableResult
    public func clear(_ id: String) throws(AskError) -> Bool {
        guard Self.isValidID(id) else { throw .invalidConversationID }
        return try storing {
            try database.write { try $0.run("DELETE FROM ask_turns WHERE conversation_id = ?", [SQLValue(id)]) > 0 }
        }
    }

    /// The conversation whose last turn is the newest, when that turn is not older than `date`.
    public func latest(since date: Date) throws(AskError) -> String? {
        try storing {
            try database.read { connection in
                try connection.queryOne("SELECT conversation_id FROM ask_turns WHERE asked_at >= ? ORDER BY asked_at DESC LIMIT 1",
                                        [SQLValue(date.timeIntervalSince1970)])?.string("conversation_id")
            }
        }
    }

    private func storing<T>(_ body: () throws -> T) throws(AskError) -> T {
        do {
            return try body()
        } catch {
            throw .storage(String(describing: error))
        }
    }
}
