import SQLiteDatabase

/// Ask's conversations in `marks.sqlite` (namespace `ask`): one row per turn, kept on this machine only (the
/// configured provider is the one place they are sent). Append migrations; never edit a shipped one.
enum AskConversationSchema {
    static let namespace = "ask"

    static let migrations: [Migration] = [
        Migration(id: 1, name: "conversation turns", sql: """
            CREATE TABLE ask_turns (
                conversation_id TEXT NOT NULL CHECK (length(conversation_id) BETWEEN 1 AND 64),
                turn INTEGER NOT NULL CHECK (turn >= 1),
                question TEXT NOT NULL,
                answer TEXT NOT NULL,
                query TEXT NOT NULL,
                engine TEXT NOT NULL,
                asked_at REAL NOT NULL,
                PRIMARY KEY (conversation_id, turn)
            ) WITHOUT ROWID;
            CREATE INDEX ask_turns_by_time ON ask_turns (asked_at);
            """),
    ]
}
