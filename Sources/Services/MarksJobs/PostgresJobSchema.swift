import PostgresDatabase

/// The jobs table in a PostgreSQL database every worker shares, migrated under the namespace `jobs`: the columns of
/// the SQLite table (`JobSchema`), times as Unix seconds in `double precision`, with indexes for the claim (the due
/// queued jobs of a kind in claim order) and for the "no twin running" check.
enum PostgresJobSchema {
    static let namespace = "jobs"
    /// The channel enqueues and ended runs are announced on (payload: the kind).
    static let channel = "marks_jobs"

    /// Append only: never edit or renumber a shipped migration.
    static let migrations: [PostgresMigration] = [
        PostgresMigration(id: 1, name: "jobs: durable background work shared by workers", sql: """
            CREATE TABLE jobs (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                kind text NOT NULL CHECK (length(kind) > 0),
                key text NOT NULL DEFAULT '',
                payload text NOT NULL DEFAULT '{}' CHECK (payload::json IS NOT NULL),
                state text NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
                priority integer NOT NULL DEFAULT 0,
                attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
                max_attempts integer NOT NULL CHECK (max_attempts >= 1),
                lease bigint NOT NULL DEFAULT 0 CHECK (lease >= 0),
                run_after double precision NOT NULL,
                claimed_at double precision,
                heartbeat_at double precision,
                owner text,
                last_error text,
                progress double precision CHECK (progress IS NULL OR (progress >= 0 AND progress <= 1)),
                progress_text text,
                created_at double precision NOT NULL,
                updated_at double precision NOT NULL,
                finished_at double precision,
                CHECK ((state = 'running') = (heartbeat_at IS NOT NULL))
            );
            CREATE UNIQUE INDEX jobs_one_queued ON jobs (kind, key) WHERE state = 'queued';
            CREATE INDEX jobs_claim_order ON jobs (kind, priority DESC, run_after, id) WHERE state = 'queued';
            CREATE INDEX jobs_running ON jobs (kind, key) WHERE state = 'running';
            CREATE INDEX jobs_finished ON jobs (state, finished_at);
            """),
    ]
}
