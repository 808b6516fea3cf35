import SQLiteDatabase

extension PodcastEpisodes {
    /// The listening settings (the defaults until changed).
    public func listeningSettings() throws -> PodcastListeningSettings {
        try Self.wrap {
            try database.read { connection in
                var settings = PodcastListeningSettings()
                for row in try connection.query("SELECT name, value FROM podcast_library_settings") {
                    let on = try row.string("value") == "1"
                    switch try row.string("name") {
                    case "mark_read_when_played": settings.markReadWhenPlayed = on
                    case "archive_when_played": settings.archiveWhenPlayed = on
                    default: continue
                    }
                }
                return settings
            }
        }
    }

    /// Stores the listening settings.
    public func saveListeningSettings(_ settings: PodcastListeningSettings) throws {
        try Self.wrap {
            try database.write { connection in
                for (name, on) in [("mark_read_when_played", settings.markReadWhenPlayed), ("archive_when_played", settings.archiveWhenPlayed)] {
                    _ = try connection.run("""
                        INSERT INTO podcast_library_settings (name, value) VALUES (?, ?)
                        ON CONFLICT (name) DO UPDATE SET value = excluded.value
                        """, [.text(name), .text(on ? "1" : "0")])
                }
            }
        }
    }
}
