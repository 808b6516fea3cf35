import SQLiteDatabase

/// The client side's podcast library in `marks.sqlite` (namespace `podcast_library`): one row per episode the
/// person has, keyed by a stable hash of the item URL (the article URL, or `marks-source://<uuid>`), with its
/// generation state, its audio file under `<data>/podcasts/`, what was played and where playback stopped, and its
/// place in the play queue (`queue_order`, nil when not queued). `podcast_library_settings` keeps the listening
/// settings. Append migrations; never edit a shipped one.
enum PodcastIndexSchema {
    static let namespace = "podcast_library"

    static let migrations: [Migration] = [
        Migration(id: 1, name: "podcast library", sql: """
            CREATE TABLE podcast_library (
                key TEXT PRIMARY KEY CHECK (length(key) = 32),
                url TEXT NOT NULL CHECK (length(url) > 0),
                bookmark_id INTEGER CHECK (bookmark_id IS NULL OR bookmark_id > 0),
                source_id TEXT,
                title TEXT NOT NULL,
                site TEXT NOT NULL,
                file_name TEXT NOT NULL,
                byte_count INTEGER CHECK (byte_count IS NULL OR byte_count >= 0),
                duration_seconds REAL CHECK (duration_seconds IS NULL OR duration_seconds >= 0),
                chapters TEXT NOT NULL DEFAULT '[]',
                voice TEXT,
                state TEXT NOT NULL CHECK (state IN ('queued', 'generating', 'ready', 'failed')),
                progress REAL NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
                error TEXT,
                job_id TEXT,
                created_at REAL NOT NULL,
                updated_at REAL NOT NULL,
                ready_at REAL,
                played INTEGER NOT NULL DEFAULT 0 CHECK (played IN (0, 1)),
                played_at REAL,
                position_seconds REAL NOT NULL DEFAULT 0 CHECK (position_seconds >= 0),
                position_updated_at REAL,
                queue_order INTEGER,
                CHECK ((state = 'ready') = (byte_count IS NOT NULL AND duration_seconds IS NOT NULL AND ready_at IS NOT NULL)),
                CHECK (state != 'failed' OR error IS NOT NULL)
            );
            CREATE INDEX podcast_library_recent ON podcast_library (created_at);
            CREATE INDEX podcast_library_bookmark ON podcast_library (bookmark_id) WHERE bookmark_id IS NOT NULL;
            CREATE INDEX podcast_library_source ON podcast_library (source_id) WHERE source_id IS NOT NULL;
            CREATE UNIQUE INDEX podcast_library_queue ON podcast_library (queue_order) WHERE queue_order IS NOT NULL;
            CREATE TABLE podcast_library_settings (
                name TEXT PRIMARY KEY,
                value TEXT NOT NULL
            ) WITHOUT ROWID;
            """),
        // An episode made from a Source named its site "marks" (the app, not the source); it now names the source's
        // file, or nothing.
        Migration(id: 2, name: "source episodes name no site", sql: """
            UPDATE podcast_library SET site = '' WHERE source_id IS NOT NULL AND site = 'marks';
            """),
    ]
}
