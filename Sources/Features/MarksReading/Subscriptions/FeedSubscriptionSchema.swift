import SQLiteDatabase

/// The followed feeds' tables in the shared `marks.sqlite` (migration namespace `subscriptions`), keyed by feed, never
/// by bookmark source: what a feed adds goes through the library, whichever source is in use.
///
/// `feed_subscriptions`: one row per followed feed — its address (unique), title, rules (JSON: tags, maximum age,
/// keywords), the validators of the last answer (`etag`, `last_modified`), when it was last checked, why that failed
/// (`last_error`, NULL when it did not), failures in a row, when it is due, how many bookmarks it added.
/// `feed_items_seen`: every item key a feed has shown (added, skipped by a rule, already bookmarked, or left behind
/// by the first check's limit), so each item is considered exactly once — across restarts, and also after its
/// bookmark is deleted. Removing a subscription removes its seen items.
enum FeedSubscriptionSchema {
    static let namespace = "subscriptions"

    /// Append only: never edit or renumber a shipped migration.
    static let migrations: [Migration] = [
        Migration(id: 1, name: "subscriptions: followed feeds and the items they showed", sql: """
            CREATE TABLE feed_subscriptions (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                url TEXT NOT NULL UNIQUE,
                title TEXT NOT NULL DEFAULT '',
                rules TEXT NOT NULL DEFAULT '{}',
                etag TEXT,
                last_modified TEXT,
                last_checked REAL,
                last_error TEXT,
                failures INTEGER NOT NULL DEFAULT 0,
                next_check REAL NOT NULL,
                items_added INTEGER NOT NULL DEFAULT 0,
                created REAL NOT NULL
            );
            CREATE TABLE feed_items_seen (
                subscription_id INTEGER NOT NULL REFERENCES feed_subscriptions (id) ON DELETE CASCADE,
                item_key TEXT NOT NULL,
                outcome TEXT NOT NULL CHECK (outcome IN ('added', 'existing', 'skipped', 'backlog')),
                url TEXT NOT NULL,
                seen_at REAL NOT NULL,
                PRIMARY KEY (subscription_id, item_key)
            ) WITHOUT ROWID;
            """),
    ]
}
