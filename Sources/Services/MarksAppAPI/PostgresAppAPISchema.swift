import PostgresDatabase

/// The backend's tables in a PostgreSQL database every worker shares, migrated under the namespace `backend`: the
/// same tables as `AppAPISchema` (SQLite), plus what SQLite keeps elsewhere — the signing key (a file beside a
/// SQLite database), the rate windows and the pairing code (a process's memory). Times are stored as in SQLite: ISO
/// 8601 text where the wire shows them, Unix seconds where they are compared.
enum PostgresAppAPISchema {
    static let namespace = "backend"

    /// Append only: never edit or renumber a shipped migration.
    static let migrations: [PostgresMigration] = [
        PostgresMigration(id: 1, name: "backend: secrets, devices, analytics with quotas, rate windows", sql: """
            CREATE TABLE backend_secrets (
                name text PRIMARY KEY,
                value bytea NOT NULL
            );
            CREATE TABLE backend_devices (
                device_id text PRIMARY KEY CHECK (length(device_id) BETWEEN 1 AND 128),
                platform text NOT NULL,
                app_version text NOT NULL,
                registered_at text NOT NULL,
                last_registered_at text NOT NULL,
                registrations bigint NOT NULL DEFAULT 1 CHECK (registrations >= 1)
            );
            CREATE TABLE backend_analytics_events (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                device_id text NOT NULL REFERENCES backend_devices (device_id) ON DELETE CASCADE,
                name text NOT NULL CHECK (length(name) >= 1),
                at text NOT NULL,
                properties json NOT NULL DEFAULT '{}',
                received_at text NOT NULL,
                received_s bigint NOT NULL,
                size bigint NOT NULL CHECK (size >= 0)
            );
            CREATE INDEX backend_analytics_events_received ON backend_analytics_events (received_s);
            CREATE INDEX backend_analytics_events_device_received ON backend_analytics_events (device_id, received_s);
            CREATE TABLE backend_analytics_usage (
                id integer PRIMARY KEY CHECK (id = 1),
                bytes bigint NOT NULL CHECK (bytes >= 0)
            );
            INSERT INTO backend_analytics_usage (id, bytes) VALUES (1, 0);
            -- One row per scope and key: the times (Unix seconds) of its calls still in the window, oldest first.
            CREATE TABLE backend_rate_windows (
                scope text NOT NULL,
                key text NOT NULL,
                calls double precision[] NOT NULL,
                expires_at double precision NOT NULL,
                PRIMARY KEY (scope, key)
            );
            CREATE INDEX backend_rate_windows_expiry ON backend_rate_windows (expires_at);
            -- Counts a call at p_now when fewer than p_count calls fall in the p_window seconds before it: returns NULL
            -- (allowed, counted) or the time of the oldest call in the window (refused, not counted). The row lock
            -- makes concurrent calls of one key take turns; a new key first clears keys whose windows are empty.
            CREATE FUNCTION backend_rate_acquire(p_scope text, p_key text, p_now double precision, p_count bigint,
                                                 p_window double precision) RETURNS double precision
            LANGUAGE plpgsql AS $$
            DECLARE
                stored double precision[];
                recent double precision[];
            BEGIN
                SELECT calls INTO stored FROM backend_rate_windows WHERE scope = p_scope AND key = p_key FOR UPDATE;
                IF NOT FOUND THEN
                    DELETE FROM backend_rate_windows WHERE expires_at <= p_now;
                    INSERT INTO backend_rate_windows (scope, key, calls, expires_at)
                        VALUES (p_scope, p_key, '{}', p_now) ON CONFLICT DO NOTHING;
                    SELECT calls INTO stored FROM backend_rate_windows WHERE scope = p_scope AND key = p_key FOR UPDATE;
                END IF;
                SELECT coalesce(array_agg(c ORDER BY c), '{}') INTO recent FROM unnest(stored) AS c WHERE c > p_now - p_window;
                IF cardinality(recent) >= greatest(p_count, 0) THEN
                    UPDATE backend_rate_windows SET calls = recent WHERE scope = p_scope AND key = p_key;
                    RETURN coalesce(recent[1], p_now);
                END IF;
                UPDATE backend_rate_windows SET calls = recent || p_now, expires_at = p_now + p_window
                    WHERE scope = p_scope AND key = p_key;
                RETURN NULL;
            END;
            $$;
            """),
        // The pairing code Settings → Devices shows, shared so that any worker redeems it (once): one row, its
        // columns NULL while there is no code, so a redemption always has a row to lock.
        PostgresMigration(id: 2, name: "backend: the pairing code every worker shares", sql: """
            CREATE TABLE backend_pairing_code (
                id integer PRIMARY KEY CHECK (id = 1),
                digest bytea CHECK (length(digest) = 32),
                expires_at double precision,
                wrong_tries integer NOT NULL DEFAULT 0 CHECK (wrong_tries >= 0),
                CHECK ((digest IS NULL) = (expires_at IS NULL))
            );
            INSERT INTO backend_pairing_code (id) VALUES (1);
            """),
        // Issue 35, as in SQLite's migration 3: scope, token generation, revocation and last use per device, and the
        // podcast jobs each device asked for.
        PostgresMigration(id: 3, name: "backend: device scopes, revocation, last seen, device jobs", sql: """
            ALTER TABLE backend_devices ADD COLUMN scope text NOT NULL DEFAULT 'anonymous' CHECK (scope IN ('owner', 'anonymous'));
            ALTER TABLE backend_devices ADD COLUMN generation bigint NOT NULL DEFAULT 0;
            ALTER TABLE backend_devices ADD COLUMN revoked_at text;
            ALTER TABLE backend_devices ADD COLUMN last_seen_at text;
            ALTER TABLE backend_devices ADD COLUMN last_seen_s bigint NOT NULL DEFAULT 0;
            CREATE TABLE backend_device_jobs (
                device_id text NOT NULL REFERENCES backend_devices (device_id) ON DELETE CASCADE,
                job_id text NOT NULL,
                PRIMARY KEY (device_id, job_id)
            );
            """),
    ]

    /// Applies the backend's pending migrations through `pool`.
    static func migrate(_ pool: PostgresPool) throws(AppAPIError) {
        do {
            try pool.migrate(namespace: namespace, migrations)
        } catch {
            throw AppAPIError.storage("the backend tables could not be created in PostgreSQL: \(error)")
        }
    }
}
