import SQLiteDatabase

/// The imports started from the web app, in `marks.sqlite` (namespace `imports`): one row per import, its state
/// moved by its `library.import` job (`queued → running → done | failed | interrupted`), the last counts written, the
/// report as JSON once done and the reason once failed or interrupted. The newest `ImportJobs.kept` are kept.
enum ImportSchema {
    /// The migration namespace in `schema_migrations`.
    static let namespace = "imports"

    /// Append only: never edit or renumber a shipped migration.
    static let migrations: [Migration] = [
        Migration(id: 1, name: "web_imports: imports run as jobs", sql: """
            CREATE TABLE web_imports (
                id TEXT PRIMARY KEY,
                file TEXT NOT NULL,
                folders_as_tags INTEGER NOT NULL CHECK (folders_as_tags IN (0, 1)),
                state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed', 'interrupted')),
                done INTEGER NOT NULL DEFAULT 0 CHECK (done >= 0),
                total INTEGER NOT NULL DEFAULT 0 CHECK (total >= 0),
                report TEXT CHECK (report IS NULL OR json_valid(report)),
                reason TEXT,
                job_id INTEGER,
                created_at REAL NOT NULL,
                updated_at REAL NOT NULL
            );
            CREATE INDEX web_imports_created ON web_imports (created_at);
            """),
    ]
}
