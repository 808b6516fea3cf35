import Foundation
import SQLiteDatabase

/// The episodes in the local SQLite database (`podcast_episodes`), their audio files in the podcast directory:
/// every statement the podcast service runs on SQLite.
public final class PodcastStore: EpisodeRecords {
    let database: Database

    /// The store in `database`, applying its migrations.
    public init(database: Database) throws {
        try PodcastStore.wrap { _ = try database.migrate(namespace: PodcastSchema.namespace, PodcastSchema.migrations) }
        self.database = database
    }

    /// The episode for `url` and `digest`, inserting a queued one (with `text`) when there is none; `created` says
    /// which. A failed episode found is queued again (its error cleared): asking again is the retry.
    public func findOrInsert(id: String, url: String, digest: String, title: String?, sourceKind: String?, text: String?,
                             language: String?, now: Date) throws -> (episode: PodcastEpisode, created: Bool, requeued: Bool) {
        try Self.wrap {
            try database.write { connection in
                if let row = try connection.queryOne("SELECT \(PodcastEpisode.columns) FROM podcast_episodes WHERE url = ? AND text_digest = ?",
                                                     [.text(url), .text(digest)]) {
                    var episode = try PodcastEpisode(row: row)
                    guard episode.status == .failed else { return (episode, false, false) }
                    try connection.run("""
                        UPDATE podcast_episodes SET status = 'queued', progress = 0, stage = NULL, error = NULL, updated_at = ?,
                            finished_at = NULL, text = COALESCE(?, text) WHERE id = ?
                        """, [.real(now.timeIntervalSince1970), text.map(SQLValue.text) ?? .null, .text(episode.id)])
                    episode.status = .queued
                    episode.progress = 0
                    episode.stage = nil
                    episode.error = nil
                    return (episode, false, true)
                }
                try connection.run("""
                    INSERT INTO podcast_episodes (id, url, text_digest, title, source_kind, text, language, status, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?)
                    """, [.text(id), .text(url), .text(digest), title.map(SQLValue.text) ?? .null, sourceKind.map(SQLValue.text) ?? .null,
                          text.map(SQLValue.text) ?? .null, language.map(SQLValue.text) ?? .null, .real(now.timeIntervalSince1970), .real(now.timeIntervalSince1970)])
                guard let row = try connection.queryOne("SELECT \(PodcastEpisode.columns) FROM podcast_episodes WHERE id = ?", [.text(id)]) else {
                    throw PodcastError.storage("the new episode was not found")
                }
                return (try PodcastEpisode(row: row), true, false)
            }
        }
    }

    /// The episode with `id`.
    public func episode(id: String) throws -> PodcastEpisode? {
        try Self.wrap {
            try database.read { connection in
                try connection.queryOne("SELECT \(PodcastEpisode.columns) FROM podcast_episodes WHERE id = ?", [.text(id)]).map { try PodcastEpisode(row: $0) }
            }
        }
    }

    /// The posted text of episode `id` (nil when the server fetches the page).
    public func text(id: String) throws -> String? {
        try Self.wrap {
            try database.read { connection in
                try connection.queryOne("SELECT text FROM podcast_episodes WHERE id = ?", [.text(id)]).flatMap { try $0.optionalString(at: 0) }
            }
        }
    }

    /// Episodes, newest first (for `marks podcast list` and the library).
    public func episodes(limit: Int) throws -> [PodcastEpisode] {
        try Self.wrap {
            try database.read { connection in
                try connection.query("SELECT \(PodcastEpisode.columns) FROM podcast_episodes ORDER BY created_at DESC LIMIT ?",
                                     [.integer(Int64(limit))]).map { try PodcastEpisode(row: $0) }
            }
        }
    }

    /// Marks the episode running at `stage` with `progress`.
    public func progress(id: String, stage: PodcastEpisode.Stage, progress: Double, title: String?, now: Date) throws {
        try Self.wrap {
            _ = try database.write { connection in
                try connection.run("""
                    UPDATE podcast_episodes SET status = 'running', stage = ?, progress = ?, title = COALESCE(?, title), updated_at = ?
                    WHERE id = ? AND status IN ('queued', 'running')
                    """, [.text(stage.rawValue), .real(min(1, max(0, progress))), title.map(SQLValue.text) ?? .null,
                          .real(now.timeIntervalSince1970), .text(id)])
            }
        }
    }

    /// Records the finished episode (and forgets the posted text); its audio is the file the renderer wrote in place.
    public func finish(id: String, _ done: FinishedEpisode, audio: URL, now: Date) throws {
        func optional(_ text: String?) -> SQLValue { text.map { SQLValue.text(String($0.prefix(2000))) } ?? .null }
        try Self.wrap {
            _ = try database.write { connection in
                try connection.run("""
                    UPDATE podcast_episodes SET status = 'done', stage = 'done', progress = 1, duration_seconds = ?, byte_count = ?,
                        voice = ?, language = ?, was_cut = ?, voice_note = ?, script_kind = ?, script_note = ?, error = NULL, text = NULL,
                        updated_at = ?, finished_at = ? WHERE id = ?
                    """, [.real(done.duration), .integer(Int64(done.bytes)), .text(done.voice), .text(done.language),
                          .integer(done.wasCut ? 1 : 0), optional(done.voiceNote), .text(done.scriptKind), optional(done.scriptNote),
                          .real(now.timeIntervalSince1970), .real(now.timeIntervalSince1970), .text(id)])
            }
        }
    }

    /// Records why the episode failed.
    public func fail(id: String, error: String, now: Date) throws {
        try Self.wrap {
            _ = try database.write { connection in
                try connection.run("""
                    UPDATE podcast_episodes SET status = 'failed', error = ?, updated_at = ?, finished_at = ? WHERE id = ?
                    """, [.text(String(error.prefix(2000))), .real(now.timeIntervalSince1970), .real(now.timeIntervalSince1970), .text(id)])
            }
        }
    }

    /// On SQLite the audio file is the store: there is nothing to fetch.
    public func restoreAudio(id: String, to file: URL) throws -> Bool {
        FileManager.default.fileExists(atPath: file.path)
    }

    @discardableResult
    static func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PodcastError {
            throw error
        } catch let error as SQLiteError {
            throw PodcastError.storage(error.description)
        } catch {
            throw PodcastError.storage("\(error)")
        }
    }
}
