import SQLiteDatabase

/// The backend's podcast episodes in the shared `marks.sqlite` (namespace `podcasts`): one row per episode, its job's
/// state as a client polls it, unique by URL and text digest (the same request returns the same episode). The
/// posted text is kept (`text`) until the episode is done, so a job resumed after a restart has it; the audio lives
/// in `podcasts/<id>.mp3` in the data directory. The job runner's `podcast.generate` job carries only the id.
/// Append migrations; never edit a shipped one.
enum PodcastSchema {
    static let namespace = "podcasts"

    static let migrations: [Migration] = [
        Migration(id: 1, name: "podcast episodes", sql: """
            CREATE TABLE podcast_episodes (
                id TEXT PRIMARY KEY CHECK (length(id) = 32),
                url TEXT NOT NULL CHECK (length(url) > 0),
                text_digest TEXT NOT NULL,
                title TEXT,
                source_kind TEXT CHECK (source_kind IS NULL OR source_kind IN ('text', 'pdf', 'file')),
                text TEXT,
                status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
                progress REAL NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
                stage TEXT CHECK (stage IS NULL OR stage IN ('fetch', 'script', 'synthesis', 'encoding', 'done')),
                error TEXT,
                duration_seconds REAL CHECK (duration_seconds IS NULL OR duration_seconds >= 0),
                byte_count INTEGER CHECK (byte_count IS NULL OR byte_count >= 0),
                voice TEXT,
                language TEXT,
                was_cut INTEGER NOT NULL DEFAULT 0,
                created_at REAL NOT NULL,
                updated_at REAL NOT NULL,
                finished_at REAL,
                UNIQUE (url, text_digest),
                CHECK ((status = 'done') = (duration_seconds IS NOT NULL AND byte_count IS NOT NULL)),
                CHECK (status != 'failed' OR error IS NOT NULL)
            );
            CREATE INDEX podcast_episodes_recent ON podcast_episodes (status, updated_at);
            """),
        // What spoke and how the script was written, when it is not simply what was configured: the local voice
        // standing in for a failed provider, a dialogue that fell back to narration, another voice for the language.
        Migration(id: 2, name: "podcast voice and script notes", sql: """
            ALTER TABLE podcast_episodes ADD COLUMN voice_note TEXT;
            ALTER TABLE podcast_episodes ADD COLUMN script_kind TEXT CHECK (script_kind IS NULL OR script_kind IN ('narration', 'dialogue'));
            ALTER TABLE podcast_episodes ADD COLUMN script_note TEXT;
            """),
    ]
}
