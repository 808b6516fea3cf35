import Foundation
@testable import HTTPServer
import MarksAccess
import MarksAssembly
import MarksCore
import MarksPodcasts
import MarksServer
import MarksTestSupport
import SQLiteDatabase
import Synchronization
import Testing

/// The private podcast feed served live (issue 13, Done-when 3): feedparser reads it without complaint and finds every
/// tag; each enclosure answers HEAD, Range and several ranges with the secret, and the same 404 as an unknown
/// address without it, with a wrong one, or with one rotated away.
@Suite struct PodcastFeedServerTests {
    /// A data directory with a podcast library of three ready episodes (an article with a nasty title, an article,
    /// a source) and one still being made, served live with the feed mounted.
    final class Fixture: Sendable {
        let directory: TemporaryDirectory
        let database: Database
        let secrets: FeedSecrets
        let library: PodcastLibrary
        let server: LiveServer
        /// The ready episodes' keys, newest first, and their audio.
        let keys: [String]
        let audio: [String: Data]

        init() async throws {
            directory = try TemporaryDirectory(prefix: "marks-feed")
            database = try Database(path: directory.file("marks.sqlite").path)
            secrets = try FeedSecrets(kind: .podcast, database: database, now: Date.init)
            let folder = PodcastLibrary.directory(in: directory.url)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let index = try PodcastEpisodes(database: database)
            library = PodcastLibrary(index: index, directory: folder, currentLibrary: { nil }, widgets: nil, now: Date.init)
            let items: [(url: String, title: String, site: String, source: String?, bytes: Int, ready: Double)] = [
                ("https://example.com/caching?a=1&b=2", "Caching & <Invalidation>\u{07} in \"practice\"", "Example Blog", nil, 48_213, 1_764_000_000),
                ("https://example.org/queues", "Queues", "example.org", nil, 20_001, 1_764_100_000),
                ("marks-source://0b4e8a4c-2f1e-4c3b-9a55-3f6f2d1c9e01", "Meeting notes", "marks", "0b4e8a4c-2f1e-4c3b-9a55-3f6f2d1c9e01", 9_999, 1_764_200_000),
            ]
            var keys: [String] = []
            var audio: [String: Data] = [:]
            for (number, item) in items.enumerated() {
                let (entry, _) = try index.begin(url: item.url, bookmarkID: item.source == nil ? number + 1 : nil, sourceID: item.source,
                                                 title: item.title, site: item.site, now: Date(timeIntervalSince1970: item.ready - 60))
                let bytes = Data((0..<item.bytes).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ number) })
                try bytes.write(to: library.audioFile(for: entry))
                try index.recordReady(key: entry.key, byteCount: bytes.count, durationSeconds: Double(item.bytes) / 8_000, chapters: [],
                                      voice: "espeak-ng", now: Date(timeIntervalSince1970: item.ready))
                keys.append(entry.key)
                audio[entry.key] = bytes
            }
            _ = try index.begin(url: "https://example.net/unfinished", bookmarkID: 9, sourceID: nil, title: "Not yet", site: "example.net",
                                now: Date(timeIntervalSince1970: 1_764_300_000))
            self.keys = keys.reversed()
            self.audio = audio
            let feed = PodcastFeedResponder(secrets: secrets, episodes: .library(library))
            server = try LiveServer(MarksApp(context: MarksApp.Context(version: "test", logError: { _ in }, feed: feed)).router)
        }

        func close() async {
            await server.stop()
            directory.cleanUp()
        }

        var base: String { "http://127.0.0.1:\(server.port)" }

        func call(_ path: String, headers: [String] = []) async throws -> APIReply {
            try await call("GET", path, headers: headers)
        }

        func call(_ method: String, _ path: String, headers: [String] = []) async throws -> APIReply {
            var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n"
            for header in headers { head += header + "\r\n" }
            return try await RawHTTP.exchange(port: server.port, Data((head + "\r\n").utf8), timeoutSeconds: 30)
        }
    }

    static func with(_ body: (Fixture) async throws -> Void) async throws {
        let fixture = try await Fixture()
        do {
            try await body(fixture)
        } catch {
            await fixture.close()
            throw error
        }
        await fixture.close()
    }

    @Test(.enabled("skipped: python3 with feedparser is not installed (run scripts/install-deps.sh --test)") {
        await PythonClientTests.pythonHas(["feedparser"])
    })
    func feedparserReadsEveryTag() async throws {
        try await Self.with { fixture in
            let secret = try fixture.secrets.secret()
            let root = "\(fixture.base)/feed/\(secret)"
            let python = try #require(ChildProcess.which("python3"))
            var environment = ProcessInfo.processInfo.environment
            environment["FEED_URL"] = "\(root)/podcast.xml"
            let result = try await ChildProcess.run(python, [try PythonClientTests.driver("podcast_feed_driver.py").path], environment: environment)
            #expect(result.status == 0, "the driver failed:\n\(result.stderr.suffix(3000))")
            let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.lastLine.utf8)) as? [String: Any])

            #expect(summary["bozo"] as? Bool == false, "feedparser complained: \(summary["bozo_exception"] ?? "")")
            #expect(summary["status"] as? Int == 200)
            #expect(summary["version"] as? String == "rss20")
            #expect((summary["namespaces"] as? [String])?.contains("http://www.itunes.com/dtds/podcast-1.0.dtd") == true)
            #expect(summary["title"] as? String == "Marks")
            #expect(summary["link"] as? String == "\(fixture.base)/podcasts")
            #expect((summary["description"] as? String)?.hasPrefix("Articles and sources from your Marks library") == true)
            #expect(summary["language"] as? String == "en")
            #expect(summary["image"] as? String == "\(root)/cover.png")
            #expect(summary["categories"] as? [String] == ["Technology"])
            // feedparser maps itunes:explicit "true"/"yes" to True and anything else to None or False: not explicit.
            #expect(summary["explicit"] is NSNull || summary["explicit"] as? Bool == false, "\(summary["explicit"] ?? "absent")")
            #expect(summary["block"] as? Int == 1, "itunes:block Yes")
            #expect(summary["self"] as? [String] == ["\(root)/podcast.xml"])

            let items = try #require(summary["items"] as? [[String: Any]])
            #expect(items.count == 3, "the episode still being made is not in the feed")
            #expect(items.map { $0["guid"] as? String } == fixture.keys.map { "marks-podcast:\($0)" })
            #expect(items.allSatisfy { $0["guid_is_link"] as? Bool == false })
            #expect(items.map { $0["title"] as? String } == ["Meeting notes", "Queues", "Caching & <Invalidation> in \"practice\""])
            #expect(items.map { $0["published"] as? String } == ["2025-11-26T23:33:20Z", "2025-11-25T19:46:40Z", "2025-11-24T16:00:00Z"])
            #expect(items.map { $0["published_raw"] as? String } == ["Wed, 26 Nov 2025 23:33:20 +0000", "Tue, 25 Nov 2025 19:46:40 +0000",
                                                                     "Mon, 24 Nov 2025 16:00:00 +0000"])
            #expect(items.map { $0["duration"] as? String } == ["0:00:01", "0:00:03", "0:00:06"])
            #expect(items.map { $0["link"] as? String } == ["\(fixture.base)/sources/0b4e8a4c-2f1e-4c3b-9a55-3f6f2d1c9e01",
                                                            "https://example.org/queues", "https://example.com/caching?a=1&b=2"])
            let description = try #require(items.last?["description"] as? String)
            #expect(description.contains("<a href=\"https://example.com/caching?a=1&amp;b=2\">Read the article</a>"), "\(description)")
            for (item, key) in zip(items, fixture.keys) {
                let enclosures = try #require(item["enclosures"] as? [[String: Any]])
                #expect(enclosures.count == 1)
                #expect(enclosures.first?["href"] as? String == "\(root)/episodes/\(key).mp3")
                #expect(enclosures.first?["type"] as? String == "audio/mpeg")
                #expect(enclosures.first?["length"] as? String == String(fixture.audio[key]?.count ?? -1))
            }
        }
    }

    @Test func enclosuresAnswerHeadAndRangesWithTheSecret() async throws {
        try await Self.with { fixture in
            let secret = try fixture.secrets.secret()
            let key = fixture.keys[2]
            let audio = try #require(fixture.audio[key])
            let path = "/feed/\(secret)/episodes/\(key).mp3"

            let whole = try await fixture.call(path)
            #expect(whole.status == 200)
            #expect(whole.body == audio)
            #expect(whole.header("Content-Type") == "audio/mpeg")
            #expect(whole.header("Accept-Ranges") == "bytes")

            let head = try await fixture.call("HEAD", path)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == String(audio.count))
            #expect(head.body.isEmpty)

            let range = try await fixture.call(path, headers: ["Range: bytes=1000-1999"])
            #expect(range.status == 206)
            #expect(range.header("Content-Range") == "bytes 1000-1999/\(audio.count)")
            #expect(range.body == audio[1000..<2000])

            let suffix = try await fixture.call(path, headers: ["Range: bytes=-100"])
            #expect(suffix.body == audio.suffix(100))

            let several = try await fixture.call(path, headers: ["Range: bytes=0-1,-2"])
            #expect(several.status == 206)
            #expect(several.header("Content-Type")?.hasPrefix("multipart/byteranges; boundary=") == true)
            #expect(several.body.count(of: "Content-Range: bytes 0-1/\(audio.count)\r\n") == 1)
            #expect(several.body.count(of: "Content-Range: bytes \(audio.count - 2)-\(audio.count - 1)/\(audio.count)\r\n") == 1)

            let past = try await fixture.call(path, headers: ["Range: bytes=\(audio.count)-"])
            #expect(past.status == 416)
            #expect(past.header("Content-Range") == "bytes */\(audio.count)")

            let cover = try await fixture.call("/feed/\(secret)/cover.png")
            #expect(cover.status == 200)
            #expect(cover.header("Content-Type") == "image/png")
            #expect(cover.body.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        }
    }

    @Test func withoutTheSecretEverythingIsTheSame404() async throws {
        try await Self.with { fixture in
            let secret = try fixture.secrets.secret()
            let key = fixture.keys[0]
            let unknown = try await fixture.call("/feed/\(secret)/nothing-here")
            #expect(unknown.status == 404)
            let wrong = String(secret.reversed())
            for path in ["/feed/\(key).mp3", "/feed/episodes/\(key).mp3", "/feed/\(wrong)/episodes/\(key).mp3", "/feed/\(wrong)/podcast.xml",
                         "/feed/\(secret.dropLast())/podcast.xml", "/feed/\(secret)x/podcast.xml", "/feed/", "/feed", "/feed/podcast.xml",
                         "/feed/\(secret)/episodes/\(String(key.reversed())).mp3", "/feed/\(secret)/episodes/\(key)", "/feed/\(secret)/../podcast.xml"] {
                for method in ["GET", "HEAD"] {
                    let reply = try await fixture.call(method, path, headers: ["Range: bytes=0-9"])
                    #expect(reply.status == 404, "\(method) \(path)")
                    #expect(reply.body == (method == "GET" ? unknown.body : Data()), "\(method) \(path)")
                    #expect(Self.shown(reply.headers) == Self.shown(unknown.headers), "\(method) \(path)")
                }
            }
            #expect(!String(decoding: unknown.body, as: UTF8.self).lowercased().contains("secret"))
        }
    }

    @Test func aRotatedSecretStopsEveryOldAddress() async throws {
        try await Self.with { fixture in
            let old = try fixture.secrets.secret()
            let key = fixture.keys[1]
            #expect(try await fixture.call("/feed/\(old)/podcast.xml").status == 200)
            let new = try fixture.secrets.rotate()
            #expect(new != old && new.count == 43)
            let refused = try await fixture.call("/feed/\(old)/podcast.xml")
            let unknown = try await fixture.call("/feed/\(new)/nothing-here")
            #expect(refused.status == 404)
            #expect(refused.body == unknown.body)
            #expect(try await fixture.call("HEAD", "/feed/\(old)/episodes/\(key).mp3").status == 404)
            #expect(try await fixture.call("/feed/\(old)/episodes/\(key).mp3", headers: ["Range: bytes=0-9"]).status == 404)
            let feed = try await fixture.call("/feed/\(new)/podcast.xml")
            #expect(feed.status == 200)
            let xml = String(decoding: feed.body, as: UTF8.self)
            #expect(xml.contains("/feed/\(new)/episodes/\(key).mp3"))
            #expect(!xml.contains(old))
            #expect(try await fixture.call("HEAD", "/feed/\(new)/episodes/\(key).mp3").status == 200)
        }
    }

    @Test func theFeedRevalidatesWithItsETagAndRefusesWrites() async throws {
        try await Self.with { fixture in
            let secret = try fixture.secrets.secret()
            let first = try await fixture.call("/feed/\(secret)/podcast.xml")
            #expect(first.header("Content-Type") == "application/rss+xml; charset=utf-8")
            #expect(first.header("Referrer-Policy") == "no-referrer")
            let etag = try #require(first.header("ETag"))
            let again = try await fixture.call("/feed/\(secret)/podcast.xml", headers: ["If-None-Match: \(etag)"])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            #expect(try await fixture.call("POST", "/feed/\(secret)/podcast.xml").status == 405)
            #expect(try await fixture.call("POST", "/feed/\(String(secret.reversed()))/podcast.xml").status == 404)
        }
    }

    @Test func theFeedLeavesOutAnEpisodeWhoseFileIsGone() async throws {
        try await Self.with { fixture in
            let secret = try fixture.secrets.secret()
            let gone = try #require(try fixture.library.episode(key: fixture.keys[0]))
            try FileManager.default.removeItem(at: fixture.library.audioFile(for: gone))
            let xml = String(decoding: try await fixture.call("/feed/\(secret)/podcast.xml").body, as: UTF8.self)
            #expect(!xml.contains(fixture.keys[0]))
            #expect(xml.contains(fixture.keys[1]))
            #expect(try await fixture.call("/feed/\(secret)/episodes/\(fixture.keys[0]).mp3").status == 404)
        }
    }

    @Test func theLogNeverShowsTheSecret() {
        #expect(FeedAddress.redacted("/feed/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG/podcast.xml") == "/feed/…/podcast.xml")
        #expect(FeedAddress.redacted("/feed/abc/episodes/k.mp3") == "/feed/…/episodes/k.mp3")
        #expect(FeedAddress.redacted("/feed/abc") == "/feed/…")
        #expect(FeedAddress.redacted("/feedback") == "/feedback")
        let lines = LogLines()
        let logger = RequestLogger(now: Date.init) { line in lines.lines.withLock { $0.append(line) } }
        logger.log(AccessLogEntry(method: "GET", path: "/feed/s3cretS3cretS3cret/podcast.xml", status: 200, responseBytes: 10,
                                  duration: .milliseconds(3), remoteAddress: "127.0.0.1", completed: true))
        let written = lines.lines.withLock { $0 }
        #expect(written.count == 1 && !written[0].contains("s3cret") && written[0].contains("/feed/…/podcast.xml"), "\(written)")
    }

    final class LogLines: Sendable {
        let lines = Mutex<[String]>([])
    }

    /// The headers a client sees, without the ones that differ between any two answers (the date).
    static func shown(_ headers: HTTPHeaders) -> [String] {
        headers.map { "\($0.name.lowercased()): \($0.value)" }.filter { !$0.hasPrefix("date:") && !$0.hasPrefix("content-length:") }.sorted()
    }
}
