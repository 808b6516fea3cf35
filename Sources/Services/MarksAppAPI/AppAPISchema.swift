import SQLiteDatabase

/// The backend's tables in the shared `marks.sqlite`, migrated under the namespace `backend`; every table
/// starts with `backend_`.
///
/// - `backend_settings`: named values the server keeps for itself (the JWT signing key, made on first start).
/// - `backend_devices`: one row per registered device id, with what it last said about itself.
/// - `backend_analytics_events`: usage events as devices sent them; stored here and never sent anywhere.
///
/// Podcast jobs (a later migration) will add `backend_podcast_jobs`.
public enum AppAPISchema {
    /// The migration namespace in `schema_migrations`.
    public static let namespace = "backend"

    /// Append only: never edit or renumber a shipped migration.
    public static let migrations: [Migration] = [
        Migration(id: 1, name: "backend: settings, devices, analytics events", sql: """
            CREATE TABLE backend_settings (
                name TEXT PRIMARY KEY NOT NULL,
                value BLOB NOT NULL
            );
            CREATE TABLE backend_devices (
                device_id TEXT PRIMARY KEY NOT NULL CHECK (length(device_id) BETWEEN 1 AND 128),
                platform TEXT NOT NULL,
                app_version TEXT NOT NULL,
                registered_at TEXT NOT NULL,
                last_registered_at TEXT NOT NULL,
                registrations INTEGER NOT NULL DEFAULT 1 CHECK (registrations >= 1)
            );
            CREATE TABLE backend_analytics_events (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                device_id TEXT NOT NULL REFERENCES backend_devices (device_id) ON DELETE CASCADE,
                name TEXT NOT NULL CHECK (length(name) >= 1),
                at TEXT NOT NULL,
                properties TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(properties)),
                received_at TEXT NOT NULL
            );
            CREATE INDEX backend_analytics_events_device ON backend_analytics_events (device_id, at);
            CREATE INDEX backend_analytics_events_name ON backend_analytics_events (name, at);
            """),
        // Quotas (issue 16, fix 6) need the age and size of each event cheaply: `received_s` (Unix seconds) and
        // `size` (the bytes stored) with indexes, and the running total in `backend_analytics_usage`.
        Migration(id: 2, name: "backend: analytics quotas and retention", sql: """
            ALTER TABLE backend_analytics_events ADD COLUMN received_s INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE backend_analytics_events ADD COLUMN size INTEGER NOT NULL DEFAULT 0;
            UPDATE backend_analytics_events
                SET received_s = coalesce(CAST(strftime('%s', received_at) AS INTEGER), 0),
                    size = length(CAST(name AS BLOB)) + length(CAST(properties AS BLOB));
            CREATE INDEX backend_analytics_events_received ON backend_analytics_events (received_s);
            CREATE INDEX backend_analytics_events_device_received ON backend_analytics_events (device_id, received_s);
            CREATE TABLE backend_analytics_usage (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                bytes INTEGER NOT NULL CHECK (bytes >= 0)
            );
            INSERT INTO backend_analytics_usage (id, bytes)
                SELECT 1, coalesce(sum(size), 0) FROM backend_analytics_events;
            """),
        // Issue 35: a device's scope (what its token may reach), a token generation bumped by every registration and
        // revocation (only a token of the current one is accepted), when it was revoked and last seen; the podcast
        // jobs each device asked for (an anonymous device reads only its own); the pairing code, kept here so that
        // `marks devices pair` in another process makes one the server accepts. Devices registered before are
        // `anonymous`: their registration carried no credential.
        Migration(id: 3, name: "backend: device scopes, revocation, last seen, device jobs, pairing code", sql: """
            ALTER TABLE backend_devices ADD COLUMN scope TEXT NOT NULL DEFAULT 'anonymous' CHECK (scope IN ('owner', 'anonymous'));
            ALTER TABLE backend_devices ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE backend_devices ADD COLUMN revoked_at TEXT;
            ALTER TABLE backend_devices ADD COLUMN last_seen_at TEXT;
            ALTER TABLE backend_devices ADD COLUMN last_seen_s INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE backend_device_jobs (
                device_id TEXT NOT NULL REFERENCES backend_devices (device_id) ON DELETE CASCADE,
                job_id TEXT NOT NULL,
                PRIMARY KEY (device_id, job_id)
            ) WITHOUT ROWID;
            CREATE TABLE backend_pairing_code (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                digest BLOB NOT NULL CHECK (length(digest) = 32),
                expires_at REAL NOT NULL,
                wrong_tries INTEGER NOT NULL DEFAULT 0 CHECK (wrong_tries >= 0)
            );
            """),
    ]

    /// Applies the backend's pending migrations to `database`.
    public static func migrate(_ database: Database) throws(AppAPIError) {
        do {
            try database.migrate(namespace: namespace, migrations)
        } catch {
            throw AppAPIError.storage("the backend tables could not be created: \(error)")
        }
    }
}
