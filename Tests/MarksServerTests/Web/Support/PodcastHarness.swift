import Foundation
import MarksLibrary
import MP3Encoding
@testable import MarksServer
import SQLiteDatabase

/// A web harness with a real podcast library (its own `marks.sqlite`, audio files in `podcasts/`) whose bookmarks are
/// the harness's, so finishing an episode marks a real bookmark read. Episodes are real MP3s made by LAME here (a tone,
/// with the LAME/Xing tag), entered through the index as the generation manager enters them. The Podcast action is a
/// local stand-in for the generation manager with the seeds' rule: ready → play; idle → made now (ready after
/// `makeReady`); busy → made in the background and queued.
struct PodcastHarness {
    let web: WebHarness
    let podcasts: PodcastLibrary
    let directory: URL

    static func make(seed: Int = 3, options: WebOptions = WebOptions(undoSeconds: 6, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current),
                     action: Bool = true) async throws -> PodcastHarness {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marks-web-podcasts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("podcasts"), withIntermediateDirectories: true)
        let database = try Database(path: directory.appendingPathComponent("marks.sqlite").path)
        let index = try PodcastIndex(database: database)
        var made: PodcastLibrary?
        let web = try await WebHarness.make(seed: 0, options: options, prepare: { source in
            try await source.seed(seed, unread: { _ in true })
        }, configure: { library, widgets, options in
            let podcasts = PodcastLibrary(index: index, directory: directory.appendingPathComponent("podcasts"), library: library,
                                          widgets: widgets, now: { Date() })
            made = podcasts
            options.podcastLibrary = podcasts
            if action { options.podcastAction = Self.standInAction(podcasts) }
        })
        guard let podcasts = made else { throw Failure(description: "the harness made no podcast library") }
        return PodcastHarness(web: web, podcasts: podcasts, directory: directory)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func cleanUp() {
        web.cleanUp()
        do { try FileManager.default.removeItem(at: directory) } catch {} // a temp dir left behind does not fail a test
    }

    /// A ready episode of `url` (a bookmark's when `bookmarkID` is given): `seconds` of a tone as a real MP3.
    @discardableResult
    func readyEpisode(url: String, bookmarkID: Int? = nil, title: String, seconds: Double = 12,
                      chapters: [PodcastEntry.Chapter] = []) throws -> PodcastEntry {
        let entry = try podcasts.index.begin(url: url, bookmarkID: bookmarkID, sourceID: nil, title: title, site: "example.com", now: Date()).entry
        return try makeReady(entry.key, seconds: seconds, chapters: chapters)
    }

    /// Writes the episode's MP3 and records it ready.
    @discardableResult
    func makeReady(_ key: String, seconds: Double = 12, chapters: [PodcastEntry.Chapter] = []) throws -> PodcastEntry {
        let bytes = try Self.tone(seconds: seconds)
        guard let entry = try podcasts.episode(key: key) else { throw Failure(description: "no episode \(key)") }
        try Data(bytes).write(to: podcasts.audioFile(for: entry))
        return try podcasts.index.recordReady(key: key, byteCount: bytes.count, durationSeconds: seconds, chapters: chapters,
                                              voice: "test tone", now: Date())
    }

    /// A mono 22.05 kHz 64 kbit/s CBR MP3 of a quiet 440 Hz tone, `seconds` long, with its LAME/Xing tag.
    static func tone(seconds: Double) throws -> [UInt8] {
        let rate = 22_050
        let encoder = try MP3Encoder(sampleRate: rate, bitrate: 64)
        let count = Int(seconds * Double(rate))
        var samples = [Int16](repeating: 0, count: count)
        for i in 0..<count { samples[i] = Int16(3000 * sin(2 * Double.pi * 440 * Double(i) / Double(rate))) }
        var bytes: [UInt8] = []
        for start in stride(from: 0, to: count, by: 4096) {
            bytes += try encoder.encode(Array(samples[start..<min(count, start + 4096)]))
        }
        bytes += try encoder.finish()
        let info = try encoder.infoTagFrame()
        bytes.replaceSubrange(0..<info.count, with: info)
        return bytes
    }

    /// The generation manager's rule over the index: a ready episode plays; otherwise the episode is begun (it stays
    /// queued until the test makes it ready) — in the foreground when the player is idle, in the background and queued
    /// when it is busy.
    static func standInAction(_ podcasts: PodcastLibrary) -> PodcastAction {
        PodcastAction { item, busy in
            let begun = try podcasts.index.begin(url: item.url, bookmarkID: item.bookmarkID, sourceID: item.sourceID, title: item.title,
                                                 site: item.site, now: Date()).entry
            if begun.state == .ready { return busy ? .background(try podcasts.addToQueue(key: begun.key).last ?? begun) : .play(begun) }
            guard busy else { return .foreground(begun) }
            try podcasts.addToQueue(key: begun.key)
            return .background(begun)
        }
    }
}
