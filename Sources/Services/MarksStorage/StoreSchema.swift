import SQLiteDatabase

/// The embedded store's tables, in one place: its migrations run under the namespace `store` of the shared
/// database file, and every table they create starts with `store_`.
///
/// - `store_bookmarks`: one row per bookmark; dates are microseconds since 1970 (UTC), flags are 0/1. Until
///   migration 9 `url_normalized` was UNIQUE (linkding's duplicate rule); since, the rule is kept by the writes and a
///   URL is found by its key (`url_key`, `StoreURLIdentity`); migration 10 dropped `url_normalized`.
/// - `store_tags`: tags in creation order; `name_folded` (ASCII lower case, as linkding's SQLite compares) is UNIQUE.
/// - `store_bookmark_tags`: the join table, indexed both ways; deleting a bookmark or a tag removes its rows. It
///   repeats the bookmark's archive flag (`archived`), kept equal by a composite foreign key with ON UPDATE CASCADE,
///   so a tag's unarchived (or archived) bookmarks are one index range.
/// - `store_bookmarks_fts` (migrations 1–5; migration 6 replaces it): a contentless FTS5 trigram index
///   (case-sensitive) over the ASCII-lower-cased title, description, notes and URL, kept in step by triggers: a
///   phrase MATCH of a lower-cased term of three or more characters was exactly linkding's `LIKE '%term%'`. Its rowid is the bookmark id, negated
///   while the bookmark is archived, so `rowid > 0` restricts a match to unarchived bookmarks inside the index.
/// - `store_bundles`: saved searches.
/// - `store_trash` (migration 2): deleted bookmarks, whole — the row's columns as they were, its tag names (a JSON
///   array) and when it was deleted — so a restore brings one back with its id; purged after 30 days. The id is
///   the bookmark's: `store_bookmarks` uses AUTOINCREMENT, so no new bookmark ever takes a trashed one's id.
/// - `store_counts` (migration 3): how many bookmarks each list holds (archive state × unread) and the trash,
///   kept by triggers on both tables (`StoreCounts`), so a list's `count` is not a count over every row.
/// - migration 5: `url_normalized` recomputed under `URLNormalizer`'s wider identity (`URLIdentityMigration`).
/// - migration 6: `store_words`, a word-level index, and `store_terms`, its vocabulary, replace `store_bookmarks_fts`
///   (`WordIndexMigration`).
/// - migration 7: `store_bookmarks_title`, the title sort's key (`titleKey`) after the archive state, then `id`: a title
///   sorted list's first page walks it, as the date orders walk theirs (issue 36: sorting 90,000 titles took 146 ms).
/// - migration 8: `store_tag_counts`, how many unarchived and archived bookmarks carry each tag, kept by triggers on
///   the join table (`StoreTagCounts`), so the Tags tab does not count every link.
/// - migration 9: `url_key`, the 64-bit key of the normalised URL, under a non-unique index, replaces the UNIQUE index on
///   `url_normalized` (the table rebuilt: `URLKeyMigration`).
/// - migration 10: `url_normalized` dropped from `store_bookmarks` and `store_trash`; the trash keeps the row's
///   `url_key` instead (`URLKeyOnlyMigration`).
/// - migration 4: the two date indexes hold `id` right after the date, so linkding's orders (`date, id`, ties broken
///   by id) are the index order: the first page and a deep offset walk the covering index, with no sort.
enum StoreSchema {
    /// The migration namespace in `schema_migrations`.
    static let namespace = "store"

    /// Append only: never edit or renumber a shipped migration.
    static let migrations: [Migration] = [
        Migration(id: 1, name: "store: bookmarks, tags, full-text index", sql: """
            CREATE TABLE store_bookmarks (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                url TEXT NOT NULL,
                url_normalized TEXT NOT NULL UNIQUE,
                title TEXT NOT NULL DEFAULT '',
                description TEXT NOT NULL DEFAULT '',
                notes TEXT NOT NULL DEFAULT '',
                web_archive_snapshot_url TEXT NOT NULL DEFAULT '',
                is_archived INTEGER NOT NULL DEFAULT 0 CHECK (is_archived IN (0, 1)),
                unread INTEGER NOT NULL DEFAULT 0 CHECK (unread IN (0, 1)),
                shared INTEGER NOT NULL DEFAULT 0 CHECK (shared IN (0, 1)),
                date_added INTEGER NOT NULL,
                date_modified INTEGER NOT NULL
            );
            CREATE INDEX store_bookmarks_added ON store_bookmarks (is_archived, date_added, unread, shared, date_modified);
            CREATE INDEX store_bookmarks_modified ON store_bookmarks (is_archived, date_modified, unread, shared, date_added);
            CREATE INDEX store_bookmarks_shared ON store_bookmarks (date_added) WHERE shared = 1;
            CREATE INDEX store_bookmarks_state
                ON store_bookmarks (id, is_archived, unread, shared, date_added, date_modified);
            CREATE UNIQUE INDEX store_bookmarks_archive_key ON store_bookmarks (id, is_archived);

            CREATE TABLE store_tags (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL,
                name_folded TEXT NOT NULL UNIQUE,
                date_added INTEGER NOT NULL
            );

            CREATE TABLE store_bookmark_tags (
                bookmark_id INTEGER NOT NULL,
                tag_id INTEGER NOT NULL REFERENCES store_tags (id) ON DELETE CASCADE,
                archived INTEGER NOT NULL,
                PRIMARY KEY (bookmark_id, tag_id),
                FOREIGN KEY (bookmark_id, archived) REFERENCES store_bookmarks (id, is_archived)
                    ON DELETE CASCADE ON UPDATE CASCADE
            ) WITHOUT ROWID;
            CREATE INDEX store_bookmark_tags_by_tag ON store_bookmark_tags (tag_id, archived, bookmark_id);

            CREATE VIRTUAL TABLE store_bookmarks_fts USING fts5 (
                title, description, notes, url, content = '', tokenize = 'trigram case_sensitive 1'
            );
            CREATE TRIGGER store_bookmarks_fts_insert AFTER INSERT ON store_bookmarks BEGIN
                INSERT INTO store_bookmarks_fts (rowid, title, description, notes, url)
                VALUES (CASE WHEN new.is_archived THEN -new.id ELSE new.id END,
                        lower(new.title), lower(new.description), lower(new.notes), lower(new.url));
            END;
            CREATE TRIGGER store_bookmarks_fts_delete AFTER DELETE ON store_bookmarks BEGIN
                INSERT INTO store_bookmarks_fts (store_bookmarks_fts, rowid, title, description, notes, url)
                VALUES ('delete', CASE WHEN old.is_archived THEN -old.id ELSE old.id END,
                        lower(old.title), lower(old.description), lower(old.notes), lower(old.url));
            END;
            CREATE TRIGGER store_bookmarks_fts_update
            AFTER UPDATE OF title, description, notes, url, is_archived ON store_bookmarks BEGIN
                INSERT INTO store_bookmarks_fts (store_bookmarks_fts, rowid, title, description, notes, url)
                VALUES ('delete', CASE WHEN old.is_archived THEN -old.id ELSE old.id END,
                        lower(old.title), lower(old.description), lower(old.notes), lower(old.url));
                INSERT INTO store_bookmarks_fts (rowid, title, description, notes, url)
                VALUES (CASE WHEN new.is_archived THEN -new.id ELSE new.id END,
                        lower(new.title), lower(new.description), lower(new.notes), lower(new.url));
            END;

            CREATE TABLE store_bundles (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL,
                search TEXT NOT NULL DEFAULT '',
                any_tags TEXT NOT NULL DEFAULT '',
                all_tags TEXT NOT NULL DEFAULT '',
                excluded_tags TEXT NOT NULL DEFAULT '',
                filter_unread TEXT NOT NULL DEFAULT 'off' CHECK (filter_unread IN ('off', 'yes', 'no')),
                filter_shared TEXT NOT NULL DEFAULT 'off' CHECK (filter_shared IN ('off', 'yes', 'no')),
                sort_order INTEGER NOT NULL,
                date_created INTEGER NOT NULL,
                date_modified INTEGER NOT NULL
            );
            """),
        Migration(id: 2, name: "store: trash", sql: """
            CREATE TABLE store_trash (
                id INTEGER PRIMARY KEY,
                url TEXT NOT NULL,
                url_normalized TEXT NOT NULL,
                title TEXT NOT NULL,
                description TEXT NOT NULL,
                notes TEXT NOT NULL,
                web_archive_snapshot_url TEXT NOT NULL,
                is_archived INTEGER NOT NULL CHECK (is_archived IN (0, 1)),
                unread INTEGER NOT NULL CHECK (unread IN (0, 1)),
                shared INTEGER NOT NULL CHECK (shared IN (0, 1)),
                date_added INTEGER NOT NULL,
                date_modified INTEGER NOT NULL,
                tag_names TEXT NOT NULL CHECK (json_valid(tag_names) AND json_type(tag_names) = 'array'),
                deleted_at INTEGER NOT NULL
            );
            CREATE INDEX store_trash_by_deleted ON store_trash (deleted_at);
            """),
        Migration(id: 3, name: "store: counts per list, kept by triggers") { db in try StoreCounts.migrate(db) },
        Migration(id: 4, name: "store: date indexes in list order (date, id)", sql: """
            DROP INDEX store_bookmarks_added;
            DROP INDEX store_bookmarks_modified;
            CREATE INDEX store_bookmarks_added ON store_bookmarks (is_archived, date_added, id, unread, shared, date_modified);
            CREATE INDEX store_bookmarks_modified ON store_bookmarks (is_archived, date_modified, id, unread, shared, date_added);
            """),
        Migration(id: 5, name: "store: URL identity (default ports, escapes, NFC, IDN hosts)") { db in try URLIdentityMigration.run(db) },
        Migration(id: 6, name: "store: word-level index and its vocabulary (replace the trigram index)") { db in
            try WordIndexMigration.run(db)
        },
        Migration(id: 7, name: "store: title index in list order (title or URL, lower-cased; id)", sql: """
            CREATE INDEX \(titleIndex) ON store_bookmarks (is_archived, \(titleKey("")), id);
            """),
        Migration(id: 8, name: "store: bookmarks per tag, kept by triggers") { db in try StoreTagCounts.migrate(db) },
        .rebuildingTables(id: 9, name: "store: URL key instead of a UNIQUE normalised URL (table rebuilt)") { db in
            try URLKeyMigration.run(db)
        },
        Migration(id: 10, name: "store: no normalised URL column (the URL key alone; the trash keeps the key)") { db in
            try URLKeyOnlyMigration.run(db)
        },
    ]

    /// The title sort's key over a `store_bookmarks` row whose columns are prefixed by `row` (`b.`, or none): the title,
    /// or the URL when it has none, ASCII-lower-cased. The list's ORDER BY and migration 7's index use this very
    /// expression, so SQLite walks the index for a title sort instead of sorting every row.
    static func titleKey(_ row: String) -> String {
        "lower(CASE WHEN \(row)title <> '' THEN \(row)title ELSE \(row)url END)"
    }

    /// Migration 7's index: archive state, title key, id — a title-sorted list (ties broken by id) in index order.
    static let titleIndex = "store_bookmarks_title"
}
