import Foundation
import PostgresDatabase
import SystemSupport

/// The episodes in a PostgreSQL database every worker shares, with their audio in `podcast_audio` (see
/// `PostgresPodcastSchema` for why there): `finish` stores the rendered file's chunks in the transaction that marks
/// the episode done; `restoreAudio` copies them into a worker's own podcast directory, atomically, the first time
/// that worker serves the episode.
public final class PostgresPodcastStore: EpisodeRecords {
    private let pool: PostgresPool

    /// The store in `pool`'s database, applying its migrations (safely while other workers do the same).
    public init(pool: PostgresPool) throws {
        try PodcastStore.wrap { _ = try pool.migrate(namespace: PostgresPodcastSchema.namespace, PostgresPodcastSchema.migrations) }
        self.pool = pool
    }

    public func findOrInsert(id: String, url: String, digest: String, title: String?, sourceKind: String?, text: String?,
                             language: String?, now: Date) throws -> (episode: PodcastEpisode, created: Bool, requeued: Bool) {
        let time = PostgresValue.double(now.timeIntervalSince1970)
        return try PodcastStore.wrap {
            try pool.transaction { connection in
                // Inserted unless the URL and digest are known (a racing worker's insert waits here, then finds it).
                let inserted = try connection.queryOne("""
                    INSERT INTO podcast_episodes (id, url, text_digest, title, source_kind, text, language, status, created_at, updated_at)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued', $8, $8)
                    ON CONFLICT (url, text_digest) DO NOTHING
                    RETURNING \(PodcastEpisode.columns)
                    """, [.text(id), .text(url), .text(digest), PostgresValue(title), PostgresValue(sourceKind), PostgresValue(text),
                          PostgresValue(language), time])
                if let inserted { return (try PodcastEpisode(row: inserted), true, false) }
                guard let row = try connection.queryOne("""
                    SELECT \(PodcastEpisode.columns) FROM podcast_episodes WHERE url = $1 AND text_digest = $2 FOR UPDATE
                    """, [.text(url), .text(digest)]) else {
                    throw PodcastError.storage("the episode for this url and text was neither inserted nor found")
                }
                let episode = try PodcastEpisode(row: row)
                guard episode.status == .failed else { return (episode, false, false) }
                let requeued = try connection.queryOne("""
                    UPDATE podcast_episodes SET status = 'queued', progress = 0, stage = NULL, error = NULL, updated_at = $1,
                        finished_at = NULL, text = coalesce($2, text) WHERE id = $3 RETURNING \(PodcastEpisode.columns)
                    """, [time, PostgresValue(text), .text(episode.id)])
                return (try requeued.map { try PodcastEpisode(row: $0) } ?? episode, false, true)
            }
        }
    }

    public func episode(id: String) throws -> PodcastEpisode? {
        try PodcastStore.wrap {
            try pool.withConnection { connection in
                try connection.queryOne("SELECT \(PodcastEpisode.columns) FROM podcast_episodes WHERE id = $1", [.text(id)])
                    .map { try PodcastEpisode(row: $0) }
            }
        }
    }

    public func text(id: String) throws -> String? {
        try PodcastStore.wrap {
            try pool.withConnection { connection in
                try connection.queryOne("SELECT text FROM podcast_episodes WHERE id = $1", [.text(id)])?.optionalString("text")
            }
        }
    }

    public func episodes(limit: Int) throws -> [PodcastEpisode] {
        try PodcastStore.wrap {
            try pool.withConnection { connection in
                try connection.query("SELECT \(PodcastEpisode.columns) FROM podcast_episodes ORDER BY created_at DESC LIMIT $1",
                                     [.int(Int64(max(1, limit)))]).map { try PodcastEpisode(row: $0) }
            }
        }
    }

    public func progress(id: String, stage: PodcastEpisode.Stage, progress: Double, title: String?, now: Date) throws {
        try PodcastStore.wrap {
            try pool.withConnection { connection in
                try connection.execute("""
                    UPDATE podcast_episodes SET status = 'running', stage = $1, progress = $2, title = coalesce($3, title), updated_at = $4
                    WHERE id = $5 AND status IN ('queued', 'running')
                    """, [.text(stage.rawValue), .double(min(1, max(0, progress))), PostgresValue(title),
                          .double(now.timeIntervalSince1970), .text(id)])
            }
        }
    }

    public func finish(id: String, _ done: FinishedEpisode, audio: URL, now: Date) throws {
        func optional(_ text: String?) -> PostgresValue { text.map { .text(String($0.prefix(2000))) } ?? .null }
        try PodcastStore.wrap {
            let file = try FileHandle(forReadingFrom: audio)
            defer {
                do { try file.close() } catch {}  // a read-only handle has nothing to flush; the reads reported any error
            }
            try pool.transaction { connection in
                try connection.execute("DELETE FROM podcast_audio WHERE episode_id = $1", [.text(id)])
                var seq: Int64 = 0, total = 0
                while let chunk = try file.read(upToCount: PostgresPodcastSchema.chunkSize), !chunk.isEmpty {
                    try connection.execute("INSERT INTO podcast_audio (episode_id, seq, bytes) VALUES ($1, $2, $3)",
                                           [.text(id), .int(seq), .bytes([UInt8](chunk))])
                    seq += 1
                    total += chunk.count
                }
                guard total == done.bytes else {
                    throw PodcastError.storage("the audio file holds \(total) bytes, the renderer made \(done.bytes)")
                }
                let time = PostgresValue.double(now.timeIntervalSince1970)
                try connection.execute("""
                    UPDATE podcast_episodes SET status = 'done', stage = 'done', progress = 1, duration_seconds = $1, byte_count = $2,
                        voice = $3, language = $4, was_cut = $5, voice_note = $6, script_kind = $7, script_note = $8, error = NULL,
                        text = NULL, updated_at = $9, finished_at = $9 WHERE id = $10
                    """, [.double(done.duration), .int(Int64(done.bytes)), .text(done.voice), .text(done.language),
                          .int(done.wasCut ? 1 : 0), optional(done.voiceNote), .text(done.scriptKind), optional(done.scriptNote),
                          time, .text(id)])
            }
        }
    }

    public func fail(id: String, error: String, now: Date) throws {
        try PodcastStore.wrap {
            try pool.withConnection { connection in
                try connection.execute("""
                    UPDATE podcast_episodes SET status = 'failed', error = $1, updated_at = $2, finished_at = $2 WHERE id = $3
                    """, [.text(String(error.prefix(2000))), .double(now.timeIntervalSince1970), .text(id)])
            }
        }
    }

    /// A local copy of the right size is kept; otherwise the chunks are written, one at a time, into a temp file
    /// beside `file` and renamed over it.
    public func restoreAudio(id: String, to file: URL) throws -> Bool {
        try PodcastStore.wrap {
            try pool.withConnection { connection in
                guard let size = try connection.queryOne(
                    "SELECT byte_count FROM podcast_episodes WHERE id = $1 AND status = 'done'", [.text(id)])?.optionalInt("byte_count") else {
                    return false
                }
                if Self.size(of: file) == size { return true }
                let writer = try AtomicFileWriter(destination: file, mode: 0o600)
                var seq: Int64 = 0
                while let row = try connection.queryOne("SELECT bytes FROM podcast_audio WHERE episode_id = $1 AND seq = $2",
                                                        [.text(id), .int(seq)]) {
                    try writer.append(try row.bytes("bytes"))
                    seq += 1
                }
                guard writer.size == size, size > 0 else {
                    writer.discard()
                    throw PodcastError.storage("episode \(id) has \(writer.size) bytes of audio stored, \(size) expected")
                }
                try writer.commit()
                return true
            }
        }
    }

    /// The size of the file at `url`, or nil when there is none.
    private static func size(of url: URL) -> Int? {
        do {
            return (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
        } catch {
            return nil  // no file (or one it may not look at): it is fetched, and a file it may not replace fails that write with its error
        }
    }
}
