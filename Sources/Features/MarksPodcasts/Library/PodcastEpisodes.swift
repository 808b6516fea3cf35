import Foundation
import MarksCore
import SQLiteDatabase

/// The `podcast_library` table (`PodcastIndexSchema`): every statement the client-side podcast library runs — the
/// seeds' `PodcastEpisodes`, in SQLite rather than a JSON file. One row per episode, keyed by `PodcastEntry.key(for:)`.
public final class PodcastEpisodes: Sendable {
    let database: Database

    /// The index in `database`; applies the `podcast_library` migrations first.
    public init(database: Database) throws {
        self.database = database
        try Self.wrap { _ = try database.migrate(namespace: PodcastIndexSchema.namespace, PodcastIndexSchema.migrations) }
    }

    static let columns = """
        key, url, bookmark_id, source_id, title, site, file_name, byte_count, duration_seconds, chapters, voice, state,
        progress, error, job_id, created_at, updated_at, ready_at, played, played_at, position_seconds, position_updated_at,
        queue_order
        """

    // MARK: Generation

    /// Records that an episode of `url` is asked for: a new `queued` entry, or the existing one. An existing
    /// `failed` entry is queued again (its error cleared); a queued, generating or ready one is left as it is
    /// (`started` false). The bookmark id, source id, title and site fill in what the entry lacked.
    public func begin(url: String, bookmarkID: Int?, sourceID: String?, title: String, site: String,
                      now: Date) throws -> (entry: PodcastEntry, started: Bool) {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 8192 else { throw PodcastIndexError.invalid("A podcast needs the address of its article or source.") }
        let key = PodcastEntry.key(for: trimmed)
        let cleanTitle = String(title.trimmingCharacters(in: .whitespacesAndNewlines).prefix(1000))
        return try Self.wrap {
            try database.write { connection in
                if let existing = try Self.entry(key: key, connection) {
                    let restart = existing.state == .failed
                    _ = try connection.run("""
                        UPDATE podcast_library SET bookmark_id = COALESCE(bookmark_id, ?), source_id = COALESCE(source_id, ?),
                            title = CASE WHEN title = '' THEN ? ELSE title END, site = CASE WHEN site = '' THEN ? ELSE site END,
                            state = CASE WHEN state = 'failed' THEN 'queued' ELSE state END,
                            progress = CASE WHEN state = 'failed' THEN 0 ELSE progress END,
                            error = CASE WHEN state = 'failed' THEN NULL ELSE error END,
                            updated_at = ? WHERE key = ?
                        """, [Self.value(bookmarkID), Self.value(sourceID), .text(cleanTitle), .text(site),
                              .real(now.timeIntervalSince1970), .text(key)])
                    guard let entry = try Self.entry(key: key, connection) else { throw PodcastIndexError.notFound(key) }
                    return (entry, restart)
                }
                _ = try connection.run("""
                    INSERT INTO podcast_library (key, url, bookmark_id, source_id, title, site, file_name, state, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?)
                    """, [.text(key), .text(trimmed), Self.value(bookmarkID), Self.value(sourceID), .text(cleanTitle), .text(site),
                          .text("\(key).mp3"), .real(now.timeIntervalSince1970), .real(now.timeIntervalSince1970)])
                guard let entry = try Self.entry(key: key, connection) else { throw PodcastIndexError.notFound(key) }
                return (entry, true)
            }
        }
    }

    /// Records the backend's job and where it is (`queued` or `generating` with `progress`); a ready entry is not
    /// moved back. A title the backend found replaces an empty one.
    @discardableResult
    public func recordProgress(key: String, jobID: String?, state: PodcastEntry.State, progress: Double, title: String? = nil,
                               now: Date) throws -> PodcastEntry {
        guard state == .queued || state == .generating else { throw PodcastIndexError.invalid("Progress is recorded for queued or generating episodes only.") }
        return try update(key) { connection in
            _ = try connection.run("""
                UPDATE podcast_library SET state = ?, progress = ?, job_id = COALESCE(?, job_id),
                    title = CASE WHEN title = '' AND ? IS NOT NULL THEN ? ELSE title END, error = NULL, updated_at = ?
                WHERE key = ? AND state != 'ready'
                """, [.text(state.rawValue), .real(min(1, max(0, progress.isFinite ? progress : 0))), Self.value(jobID),
                      Self.value(title), Self.value(title), .real(now.timeIntervalSince1970), .text(key)])
        }
    }

    /// Records the finished audio (already at `fileName` in the podcasts directory).
    @discardableResult
    public func recordReady(key: String, byteCount: Int, durationSeconds: Double, chapters: [PodcastEntry.Chapter], voice: String?,
                            title: String? = nil, now: Date) throws -> PodcastEntry {
        guard byteCount >= 0, durationSeconds.isFinite, durationSeconds >= 0 else {
            throw PodcastIndexError.invalid("An episode's size and duration cannot be negative.")
        }
        let encodedChapters = try Self.encode(chapters)
        return try update(key) { connection in
            _ = try connection.run("""
                UPDATE podcast_library SET state = 'ready', progress = 1, error = NULL, byte_count = ?, duration_seconds = ?,
                    chapters = ?, voice = ?, title = COALESCE(?, title), ready_at = ?, updated_at = ? WHERE key = ?
                """, [.integer(Int64(byteCount)), .real(durationSeconds), .text(encodedChapters), Self.value(voice),
                      Self.value(title.flatMap { $0.isEmpty ? nil : $0 }), .real(now.timeIntervalSince1970),
                      .real(now.timeIntervalSince1970), .text(key)])
        }
    }

    /// Records why the generation failed (the entry shows it until asked again).
    @discardableResult
    public func recordFailure(key: String, error: String, now: Date) throws -> PodcastEntry {
        let message = error.isEmpty ? "The episode could not be made." : String(error.prefix(2000))
        return try update(key) { connection in
            _ = try connection.run("""
                UPDATE podcast_library SET state = 'failed', error = ?, updated_at = ? WHERE key = ? AND state != 'ready'
                """, [.text(message), .real(now.timeIntervalSince1970), .text(key)])
        }
    }

    // MARK: Reading

    /// The entry with `key`.
    public func entry(key: String) throws -> PodcastEntry? {
        guard PodcastEntry.isValidKey(key) else { return nil }
        return try Self.wrap { try database.read { try Self.entry(key: key, $0) } }
    }

    /// The entry for an item URL.
    public func entry(url: String) throws -> PodcastEntry? {
        try entry(key: PodcastEntry.key(for: url))
    }

    /// The newest entry of a bookmark.
    public func entry(bookmarkID: Int) throws -> PodcastEntry? {
        try first("WHERE bookmark_id = ? ORDER BY created_at DESC LIMIT 1", [.integer(Int64(bookmarkID))])
    }

    /// The entry of a source (by its uuid).
    public func entry(sourceID: String) throws -> PodcastEntry? {
        try first("WHERE source_id = ? ORDER BY created_at DESC LIMIT 1", [.text(sourceID.lowercased())])
    }

    /// The entry whose backend job is `jobID`.
    public func entry(jobID: String) throws -> PodcastEntry? {
        try first("WHERE job_id = ? LIMIT 1", [.text(jobID)])
    }

    /// Entries, newest first.
    public func entries(_ filter: PodcastLibraryFilter = .all, limit: Int = 500) throws -> [PodcastEntry] {
        let condition: String
        switch filter {
        case .all: condition = ""
        case .unplayed: condition = "WHERE played = 0"
        case .played: condition = "WHERE played = 1"
        case .ready: condition = "WHERE state = 'ready'"
        case .inProgress: condition = "WHERE state IN ('queued', 'generating')"
        }
        return try query("\(condition) ORDER BY created_at DESC, key LIMIT ?", [.integer(Int64(max(0, limit)))])
    }

    /// The newest entry per bookmark among `ids`.
    public func entries(bookmarkIDs ids: [Int]) throws -> [Int: PodcastEntry] {
        guard !ids.isEmpty else { return [:] }
        var found: [Int: PodcastEntry] = [:]
        for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min($0 + 500, ids.count)]) }) {
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            for entry in try query("WHERE bookmark_id IN (\(marks)) ORDER BY created_at", chunk.map { .integer(Int64($0)) }) {
                if let id = entry.bookmarkID { found[id] = entry }
            }
        }
        return found
    }

    /// The entry per source among `ids` (uuids).
    public func entries(sourceIDs ids: [String]) throws -> [String: PodcastEntry] {
        guard !ids.isEmpty else { return [:] }
        var found: [String: PodcastEntry] = [:]
        let lowered = ids.map { $0.lowercased() }
        for chunk in stride(from: 0, to: lowered.count, by: 500).map({ Array(lowered[$0..<min($0 + 500, lowered.count)]) }) {
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
            for entry in try query("WHERE source_id IN (\(marks)) ORDER BY created_at", chunk.map { .text($0) }) {
                if let id = entry.sourceID { found[id] = entry }
            }
        }
        return found
    }

    // MARK: Listening

    /// Saves where playback stopped (clamped to the episode's length when it is known).
    @discardableResult
    public func savePosition(key: String, seconds: Double, now: Date) throws -> PodcastEntry {
        guard seconds.isFinite, seconds >= 0 else { throw PodcastIndexError.invalid("A playback position is a number of seconds, 0 or more.") }
        return try update(key) { connection in
            _ = try connection.run("""
                UPDATE podcast_library SET position_seconds = MIN(?, COALESCE(duration_seconds, ?)), position_updated_at = ?, updated_at = ?
                WHERE key = ?
                """, [.real(seconds), .real(seconds), .real(now.timeIntervalSince1970), .real(now.timeIntervalSince1970), .text(key)])
        }
    }

    /// Marks the episode played (playback position back to the start, out of the queue) or unplayed.
    @discardableResult
    public func setPlayed(key: String, _ played: Bool, now: Date) throws -> PodcastEntry {
        try update(key) { connection in
            if played {
                let order = try connection.queryOne("SELECT queue_order FROM podcast_library WHERE key = ?", [.text(key)])?.optionalInt(at: 0)
                _ = try connection.run("""
                    UPDATE podcast_library SET played = 1, played_at = ?, position_seconds = 0, position_updated_at = ?, queue_order = NULL,
                        updated_at = ? WHERE key = ?
                    """, [.real(now.timeIntervalSince1970), .real(now.timeIntervalSince1970), .real(now.timeIntervalSince1970), .text(key)])
                if let order { try Self.closeGap(after: order, connection) }
            } else {
                _ = try connection.run("UPDATE podcast_library SET played = 0, played_at = NULL, updated_at = ? WHERE key = ?",
                                       [.real(now.timeIntervalSince1970), .text(key)])
            }
        }
    }

    /// Removes the entry (the caller removes its file); returns it, nil when there was none.
    @discardableResult
    public func remove(key: String) throws -> PodcastEntry? {
        guard PodcastEntry.isValidKey(key) else { return nil }
        return try Self.wrap {
            try database.write { connection in
                guard let entry = try Self.entry(key: key, connection) else { return nil }
                _ = try connection.run("DELETE FROM podcast_library WHERE key = ?", [.text(key)])
                if let order = entry.queueOrder { try Self.closeGap(after: order, connection) }
                return entry
            }
        }
    }

    // MARK: Helpers

    func update(_ key: String, _ body: (Connection) throws -> Void) throws -> PodcastEntry {
        guard PodcastEntry.isValidKey(key) else { throw PodcastIndexError.notFound(key) }
        return try Self.wrap {
            try database.write { connection in
                guard try Self.entry(key: key, connection) != nil else { throw PodcastIndexError.notFound(key) }
                try body(connection)
                guard let entry = try Self.entry(key: key, connection) else { throw PodcastIndexError.notFound(key) }
                return entry
            }
        }
    }

    func first(_ tail: String, _ arguments: [SQLValue]) throws -> PodcastEntry? {
        try query(tail, arguments).first
    }

    func query(_ tail: String, _ arguments: [SQLValue]) throws -> [PodcastEntry] {
        try Self.wrap {
            try database.read { try $0.query("SELECT \(Self.columns) FROM podcast_library \(tail)", arguments).map(Self.entry) }
        }
    }

    static func entry(key: String, _ connection: Connection) throws -> PodcastEntry? {
        try connection.queryOne("SELECT \(columns) FROM podcast_library WHERE key = ?", [.text(key)]).map(entry)
    }

    /// Moves every queue place after `order` up by one.
    static func closeGap(after order: Int, _ connection: Connection) throws {
        // Two steps through negative numbers: the unique index on queue_order sees no clash on the way.
        _ = try connection.run("UPDATE podcast_library SET queue_order = -queue_order WHERE queue_order > ?", [.integer(Int64(order))])
        _ = try connection.run("UPDATE podcast_library SET queue_order = -queue_order - 1 WHERE queue_order < 0")
    }

    static func entry(_ row: Row) throws -> PodcastEntry {
        let chapters: [PodcastEntry.Chapter]
        do {
            chapters = try JSONDecoder().decode([PodcastEntry.Chapter].self, from: Data(try row.string("chapters").utf8))
        } catch is DecodingError {
            chapters = []  // a damaged chapter list only loses the chapters, never the episode
        }
        return PodcastEntry(
            key: try row.string("key"), url: try row.string("url"), bookmarkID: try row.optionalInt("bookmark_id"),
            sourceID: try row.optionalString("source_id"), title: try row.string("title"), site: try row.string("site"),
            fileName: try row.string("file_name"), byteCount: try row.optionalInt("byte_count"),
            durationSeconds: try row.optionalDouble("duration_seconds"), chapters: chapters, voice: try row.optionalString("voice"),
            state: PodcastEntry.State(rawValue: try row.string("state")) ?? .failed, progress: try row.double("progress"),
            error: try row.optionalString("error"), jobID: try row.optionalString("job_id"),
            createdAt: Date(timeIntervalSince1970: try row.double("created_at")),
            updatedAt: Date(timeIntervalSince1970: try row.double("updated_at")),
            readyAt: try row.optionalDouble("ready_at").map(Date.init(timeIntervalSince1970:)),
            played: try row.int("played") != 0, playedAt: try row.optionalDouble("played_at").map(Date.init(timeIntervalSince1970:)),
            positionSeconds: try row.double("position_seconds"),
            positionUpdatedAt: try row.optionalDouble("position_updated_at").map(Date.init(timeIntervalSince1970:)),
            queueOrder: try row.optionalInt("queue_order"))
    }

    static func encode(_ chapters: [PodcastEntry.Chapter]) throws -> String {
        do {
            return String(decoding: try JSONEncoder().encode(chapters), as: UTF8.self)
        } catch {
            throw PodcastIndexError.invalid("The chapters could not be stored: \(error)")
        }
    }

    static func value(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
    static func value(_ number: Int?) -> SQLValue { number.map { .integer(Int64($0)) } ?? .null }

    static func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PodcastIndexError {
            throw error
        } catch let error as SQLiteError {
            throw PodcastIndexError.storage(error.description)
        } catch {
            throw PodcastIndexError.storage("\(error)")
        }
    }
}

extension PodcastEpisodes {
    /// Puts an entry back to `queued` to be made again (its audio went missing, or its backend job is unknown):
    /// the size, duration and job are cleared; played state, position and queue place are kept.
    @discardableResult
    public func requeue(key: String, now: Date) throws -> PodcastEntry {
        try update(key) { connection in
            _ = try connection.run("""
                UPDATE podcast_library SET state = 'queued', progress = 0, error = NULL, job_id = NULL, byte_count = NULL,
                    duration_seconds = NULL, ready_at = NULL, updated_at = ? WHERE key = ?
                """, [.real(now.timeIntervalSince1970), .text(key)])
        }
    }
}
