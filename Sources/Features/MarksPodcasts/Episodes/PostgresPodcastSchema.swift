import PostgresDatabase

/// The backend's podcast episodes in a PostgreSQL database every worker shares (namespace `podcasts`): the columns
/// of the SQLite table (`PodcastSchema`), and the audio itself in `podcast_audio`, one row per 1 MiB chunk in order,
/// deleted with its episode. Why the database and not a directory every worker mounts: workers on several machines
/// then need nothing but the database (no shared file system to set up, lock or back up separately), the audio is
/// written in the same transaction that marks its episode done (never a done episode without its file, nor a file
/// for a failed one), and a worker that did not make an episode copies it once into its own podcast directory and
/// serves it from there (ranges and all) like any local file. The cost: the database grows by the audio (about
/// 0.5 MB a spoken minute), which the done episodes' retention bounds as on SQLite.
enum PostgresPodcastSchema {
    static let namespace = "podcasts"
    /// Bytes per stored chunk of audio.
    static let chunkSize = 1 << 20

    /// Append only: never edit or renumber a shipped migration.
    static let migrations: [PostgresMigration] = [
        PostgresMigration(id: 1, name: "podcast episodes and their audio", sql: """
            CREATE TABLE podcast_episodes (
                id text PRIMARY KEY CHECK (length(id) = 32),
                url text NOT NULL CHECK (length(url) > 0),
                text_digest text NOT NULL,
                title text,
                source_kind text CHECK (source_kind IS NULL OR source_kind IN ('text', 'pdf', 'file')),
                text text,
                status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
                progress double precision NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
                stage text CHECK (stage IS NULL OR stage IN ('fetch', 'script', 'synthesis', 'encoding', 'done')),
                error text,
                duration_seconds double precision CHECK (duration_seconds IS NULL OR duration_seconds >= 0),
                byte_count bigint CHECK (byte_count IS NULL OR byte_count >= 0),
                voice text,
                language text,
                was_cut integer NOT NULL DEFAULT 0,
                created_at double precision NOT NULL,
                updated_at double precision NOT NULL,
                finished_at double precision,
                voice_note text,
                script_kind text CHECK (script_kind IS NULL OR script_kind IN ('narration', 'dialogue')),
                script_note text,
                UNIQUE (url, text_digest),
                CHECK ((status = 'done') = (duration_seconds IS NOT NULL AND byte_count IS NOT NULL)),
                CHECK (status != 'failed' OR error IS NOT NULL)
            );
            CREATE INDEX podcast_episodes_recent ON podcast_episodes (status, updated_at);
            CREATE INDEX podcast_episodes_created ON podcast_episodes (created_at);
            CREATE TABLE podcast_audio (
                episode_id text NOT NULL REFERENCES podcast_episodes (id) ON DELETE CASCADE,
                seq integer NOT NULL CHECK (seq >= 0),
                bytes bytea NOT NULL CHECK (length(bytes) > 0),
                PRIMARY KEY (episode_id, seq)
            );
            """),
    ]
}
