import SQLiteDatabase

/// The job runner's table in the shared `marks.sqlite`; migrations run under the namespace `jobs`.
///
/// - `jobs`: one row per job. `kind` names the handler, `key` what the job is about (a bookmark id, "all"): at most
///   one *queued* job per kind and key (enqueueing again coalesces into it), and the runner never runs two jobs of
///   the same kind and key at once. Times are seconds since 1970 (REAL). `heartbeat_at` is refreshed while the job
///   runs, so a row left `running` by a process that died is found stale and queued again. `priority` orders the due
///   jobs of a kind (higher first); `lease` numbers the claims, and a running job's writes name theirs.
enum JobSchema {
    /// The migration namespace in `schema_migrations`.
    static let namespace = "jobs"

    /// Append only: never edit or renumber a shipped migration.
    static let migrations: [Migration] = [
        Migration(id: 1, name: "jobs: durable background work", sql: """
            CREATE TABLE jobs (
                id INTEGER PRIMARY KEY,
                kind TEXT NOT NULL CHECK (length(kind) > 0),
                key TEXT NOT NULL DEFAULT '',
                payload TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(payload)),
                state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
                attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
                max_attempts INTEGER NOT NULL CHECK (max_attempts >= 1),
                run_after REAL NOT NULL,
                claimed_at REAL,
                heartbeat_at REAL,
                owner TEXT,
                last_error TEXT,
                progress REAL CHECK (progress IS NULL OR (progress >= 0 AND progress <= 1)),
                progress_text TEXT,
                created_at REAL NOT NULL,
                updated_at REAL NOT NULL,
                finished_at REAL,
                CHECK ((state = 'running') = (heartbeat_at IS NOT NULL))
            );
            CREATE UNIQUE INDEX jobs_one_queued ON jobs (kind, key) WHERE state = 'queued';
            CREATE INDEX jobs_due ON jobs (state, kind, run_after);
            CREATE INDEX jobs_finished ON jobs (state, finished_at);
            """),
        // Priorities (a person waiting goes first) and claims numbered, so a worker whose job was taken back cannot
        // finish it (issue 17; the same rules as the PostgreSQL table).
        Migration(id: 2, name: "jobs: priorities and numbered claims", sql: """
            ALTER TABLE jobs ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE jobs ADD COLUMN lease INTEGER NOT NULL DEFAULT 0 CHECK (lease >= 0);
            UPDATE jobs SET lease = attempts WHERE state = 'running';
            DROP INDEX jobs_due;
            CREATE INDEX jobs_due ON jobs (state, kind, priority DESC, run_after);
            """),
    ]
}
