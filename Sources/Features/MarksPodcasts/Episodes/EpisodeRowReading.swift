import Foundation
import PostgresDatabase
import SQLiteDatabase

/// The column getters a `podcast_episodes` row needs, so one mapping reads a SQLite row and a PostgreSQL row alike.
protocol EpisodeRowReading {
    func string(_ column: String) throws -> String
    func optionalString(_ column: String) throws -> String?
    func int(_ column: String) throws -> Int
    func optionalInt(_ column: String) throws -> Int?
    func double(_ column: String) throws -> Double
    func optionalDouble(_ column: String) throws -> Double?
}

extension Row: EpisodeRowReading {}
extension PostgresRow: EpisodeRowReading {}

extension PodcastEpisode {
    /// The columns `init(row:)` reads.
    static let columns = """
        id, url, text_digest, title, source_kind, status, progress, stage, error, duration_seconds, byte_count, voice,
        language, was_cut, created_at, updated_at, finished_at, voice_note, script_kind, script_note
        """

    /// A `podcast_episodes` row (SQLite or PostgreSQL: the same columns) as an episode.
    init(row: some EpisodeRowReading) throws {
        self.init(
            id: try row.string("id"), url: try row.string("url"), textDigest: try row.string("text_digest"),
            title: try row.optionalString("title"), sourceKind: try row.optionalString("source_kind"),
            status: PodcastEpisode.Status(rawValue: try row.string("status")) ?? .failed,
            progress: try row.double("progress"),
            stage: try row.optionalString("stage").flatMap(PodcastEpisode.Stage.init(rawValue:)),
            error: try row.optionalString("error"), durationSeconds: try row.optionalDouble("duration_seconds"),
            byteCount: try row.optionalInt("byte_count"), voice: try row.optionalString("voice"),
            language: try row.optionalString("language"), wasCut: try row.int("was_cut") != 0,
            createdAt: Date(timeIntervalSince1970: try row.double("created_at")),
            updatedAt: Date(timeIntervalSince1970: try row.double("updated_at")),
            finishedAt: try row.optionalDouble("finished_at").map(Date.init(timeIntervalSince1970:)),
            voiceNote: try row.optionalString("voice_note"), scriptKind: try row.optionalString("script_kind"),
            scriptNote: try row.optionalString("script_note"))
    }
}
