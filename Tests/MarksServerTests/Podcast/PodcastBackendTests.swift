import Foundation
import HTTPServer
import MarksCore
import MarksPodcasts
import MarksServer
import MarksTestSupport
import SystemSupport
import Testing

/// `/v1/podcast/*` end to end: a page on loopback or a source's text → a job in the database → espeak-ng and LAME
/// → an MP3 served with Range and HEAD; the bad inputs of issue 13 that belong to the backend.
@Suite struct PodcastBackendTests {
    static let article = """
        <!doctype html><html lang="en"><head><title>Caching in Practice | Example Blog</title></head><body>
        <nav><a href="/">Home</a> <a href="/about">About</a></nav>
        <article><h1>Caching in Practice</h1>
        <p>A cache keeps answers close to where they are needed, so the slow path runs less often.<sup>1</sup></p>
        <h2>Invalidation</h2>
        <p>The hard part is knowing when an answer is stale. Time limits bound how stale it can be.</p>
        <pre><code>cache.set(key, value, ttl: 60)</code></pre>
        <h2>Measuring</h2>
        <p>Measure the hit rate first, e.g. with counters, and see https://example.com/metrics for more.</p>
        </article><footer>Copyright Example Blog</footer></body></html>
        """

    final class Pages: Sendable {
        let live: LiveServer
        init() throws {
            live = try LiveServer(ResponderFunction { request in
                switch request.path {
                case "/article": .html(PodcastBackendTests.article)
                case "/empty": .html("<html><body><nav><a href='/'>Home</a></nav><pre>only code</pre></body></html>")
                case "/klingon": .html("<html lang='tlh'><body><article><h1>Heghlu'meH QaQ jajvam</h1><p>\(String(repeating: "nuqneH tlhIngan Hol Dajatlh'a' ", count: 20))</p></article></body></html>")
                default: .html("<h1>Not here</h1>", status: 404)
                }
            })
        }
        func url(_ path: String) -> String { live.baseURL.absoluteString + path }
    }

    private func with(_ fixture: PodcastFixture? = nil, _ body: (PodcastFixture, Pages, String) async throws -> Void) async throws {
        let podcasts: PodcastFixture
        if let fixture { podcasts = fixture } else { podcasts = try await PodcastFixture() }
        let pages = try Pages()
        do {
            try await body(podcasts, pages, try await podcasts.register())
        } catch {
            await pages.live.stop(); await podcasts.close()
            throw error
        }
        await pages.live.stop(); await podcasts.close()
    }

    private func generate(_ fixture: PodcastFixture, _ json: String, token: String) async throws -> String {
        let reply = try await fixture.call("POST", "/v1/podcast/generate", json: json, token: token)
        #expect(reply.status == 202, "\(reply.text)")
        return try #require(reply.json?["job_id"] as? String)
    }

    @Test func anArticleOnLoopbackBecomesAnEpisode() async throws {
        try await with { fixture, pages, token in
            let request = #"{"url":"\#(pages.url("/article"))"}"#
            let job = try await generate(fixture, request, token: token)
            #expect(try await generate(fixture, request, token: token) == job)  // same url, no text: the same job
            let seen = try await fixture.poll(job, token: token)
            let last = try #require(seen.last)
            #expect(last["status"] as? String == "done", "\(last)")
            #expect(last["progress"] as? Double == 1)
            #expect(last["title"] as? String == "Caching in Practice")
            let progress = seen.compactMap { $0["progress"] as? Double }
            #expect(progress == progress.sorted())
            let duration = try #require(last["duration_seconds"] as? Double)
            #expect(duration > 10)

            let audio = try await fixture.call("GET", "/v1/podcast/audio/\(job)", token: token)
            #expect(audio.status == 200)
            #expect(audio.header("Content-Type") == "audio/mpeg")
            #expect(audio.header("Accept-Ranges") == "bytes")
            #expect(audio.header("Content-Length") == String(audio.body.count))
            let summary = try MP3Summary.walk(audio.body)
            #expect(summary.infoTagMatches)
            #expect(abs(summary.durationSeconds - duration) < 0.01)
            #expect(audio.body.count(of: "CHAP") == 3)  // the opening, Invalidation, Measuring
            let file = fixture.directory.file("check.mp3")
            try audio.body.write(to: file)
            #expect(abs(Double(try await Self.decodedSamples(file)) / 22_050 - duration) < 0.01)
        }
    }

    @Test func aSourcesTextBecomesAnEpisode() async throws {
        try await with { fixture, _, token in
            let text = "# Notes\\n\\nWe met on 2024-05-03 and agreed on three things.\\n\\n## Next\\n\\n- Ship it\\n- Measure it"
            let request = #"{"url":"marks-source://5f1f4c1e-8a5e-4c1b-9d43-1f0c2a3b4c5d","title":"Team notes","text":"\#(text)","source_kind":"text"}"#
            let job = try await generate(fixture, request, token: token)
            let last = try #require(try await fixture.poll(job, token: token).last)
            #expect(last["status"] as? String == "done", "\(last)")
            #expect(last["title"] as? String == "Team notes")
            let different = try await generate(fixture, request.replacingOccurrences(of: "three things", with: "four things"), token: token)
            #expect(different != job)  // another text digest: another job
        }
    }

    @Test func rangesAndHead() async throws {
        try await with { fixture, _, token in
            let job = try await generate(fixture, #"{"url":"marks-source://a","text":"A short source for the range tests.","source_kind":"text"}"#, token: token)
            _ = try await fixture.poll(job, token: token)
            let path = "/v1/podcast/audio/\(job)"
            let whole = try await fixture.call("GET", path, token: token)
            let size = whole.body.count
            #expect(size > 1000)

            let first = try await fixture.call("GET", path, token: token, headers: ["Range: bytes=0-99"])
            #expect(first.status == 206)
            #expect(first.body == whole.body.prefix(100))
            #expect(first.header("Content-Range") == "bytes 0-99/\(size)")

            let suffix = try await fixture.call("GET", path, token: token, headers: ["Range: bytes=-500"])
            #expect(suffix.status == 206)
            #expect(suffix.body == whole.body.suffix(500))

            let open = try await fixture.call("GET", path, token: token, headers: ["Range: bytes=\(size - 10)-"])
            #expect(open.status == 206)
            #expect(open.body.count == 10)

            let past = try await fixture.call("GET", path, token: token, headers: ["Range: bytes=\(size)-"])
            #expect(past.status == 416)
            #expect(past.header("Content-Range") == "bytes */\(size)")

            // Several ranges: one multipart/byteranges answer with both parts.
            let several = try await fixture.call("GET", path, token: token, headers: ["Range: bytes=0-9,20-29"])
            #expect(several.status == 206)
            #expect(several.header("Content-Type")?.hasPrefix("multipart/byteranges; boundary=") == true)
            #expect(several.body.count(of: "Content-Type: audio/mpeg\r\nContent-Range: bytes 0-9/\(size)\r\n\r\n") == 1)
            #expect(several.body.count(of: "Content-Range: bytes 20-29/\(size)\r\n\r\n") == 1)

            let head = try await fixture.call("HEAD", path, token: token)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == String(size))
            #expect(head.header("Accept-Ranges") == "bytes")
            #expect(head.body.isEmpty)
        }
    }

    @Test func aClientThatHangsUpMidDownloadHarmsNothing() async throws {
        try await with { fixture, _, token in
            let job = try await generate(fixture, #"{"url":"marks-source://b","text":"\#(String(repeating: "A longer source so the file is worth hanging up on. ", count: 40))","source_kind":"text"}"#, token: token)
            _ = try await fixture.poll(job, token: token)
            for _ in 0..<3 { try await Self.hangUp(port: fixture.port, path: "/v1/podcast/audio/\(job)", token: token) }
            let again = try await fixture.call("GET", "/v1/podcast/audio/\(job)", token: token)
            #expect(again.status == 200)
            #expect(try MP3Summary.walk(again.body).infoTagMatches)
        }
    }

    @Test func badInputsAreRefusedWithAnError() async throws {
        try await with { fixture, pages, token in
            let huge = String(repeating: "x", count: 2 << 20)
            let tooLarge = try await fixture.call("POST", "/v1/podcast/generate", json: #"{"url":"marks-source://c","text":"\#(huge)"}"#, token: token)
            #expect(tooLarge.status == 413)
            #expect(tooLarge.json?["error"] is String)
            let longText = String(repeating: "y", count: (1 << 20) + 10)
            let overText = try await fixture.call("POST", "/v1/podcast/generate", json: #"{"url":"marks-source://c","text":"\#(longText)"}"#, token: token)
            #expect(overText.status == 400)
            #expect((overText.json?["error"] as? String)?.contains("text") == true)
            for json in [#"{"url":"ftp://example.com/x"}"#, #"{"url":""}"#, #"{"url":"marks-source://d"}"#, #"{"url":"https://e.com","colour":"red"}"#,
                         #"{"url":"https://e.com","source_kind":"video"}"#, "not json"] {
                let reply = try await fixture.call("POST", "/v1/podcast/generate", json: json, token: token)
                #expect(reply.status == 400, "\(json): \(reply.status)")
                #expect(reply.json?["error"] is String, "\(json)")
            }
            #expect(try await fixture.call("POST", "/v1/podcast/generate", json: #"{"url":"https://e.com"}"#, token: nil).status == 401)
            #expect(try await fixture.call("GET", "/v1/podcast/status/\(String(repeating: "0", count: 32))", token: token).status == 404)
            #expect(try await fixture.call("GET", "/v1/podcast/status/nonsense", token: token).status == 404)
            #expect(try await fixture.call("GET", "/v1/podcast/audio/nonsense", token: token).status == 404)
            _ = pages
        }
    }

    @Test func pagesWithoutTextOrVoiceFailWithAReason() async throws {
        try await with { fixture, pages, token in
            let empty = try await generate(fixture, #"{"url":"\#(pages.url("/empty"))"}"#, token: token)
            let emptyStatus = try #require(try await fixture.poll(empty, token: token).last)
            #expect(emptyStatus["status"] as? String == "failed")
            #expect((emptyStatus["error"] as? String)?.contains("no readable text") == true, "\(emptyStatus)")
            let audio = try await fixture.call("GET", "/v1/podcast/audio/\(empty)", token: token)
            #expect(audio.status == 409)

            let klingon = try await generate(fixture, #"{"url":"\#(pages.url("/klingon"))"}"#, token: token)
            let klingonStatus = try #require(try await fixture.poll(klingon, token: token).last)
            #expect(klingonStatus["status"] as? String == "failed")
            #expect((klingonStatus["error"] as? String)?.contains("No installed voice speaks \"tlh\"") == true, "\(klingonStatus)")

            let missing = try await generate(fixture, #"{"url":"\#(pages.url("/missing"))"}"#, token: token)
            let missingStatus = try #require(try await fixture.poll(missing, token: token).last)
            #expect((missingStatus["error"] as? String)?.contains("HTTP 404") == true, "\(missingStatus)")
        }
    }

    @Test func aCrashingVoiceFailsTheJobWithTheReason() async throws {
        let scripts = try TemporaryDirectory()
        defer { scripts.cleanUp() }
        try scripts.write("crash", "#!/bin/sh\nkill -SEGV $$\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scripts.file("crash").path)
        try await with(try await PodcastFixture(voiceProgram: scripts.file("crash").path)) { fixture, _, token in
            let job = try await generate(fixture, #"{"url":"marks-source://e","text":"Any text at all.","source_kind":"text"}"#, token: token)
            let last = try #require(try await fixture.poll(job, token: token).last)
            #expect(last["status"] as? String == "failed")
            #expect((last["error"] as? String)?.contains("The voice failed: espeak-ng stopped (ended by signal 11") == true, "\(last)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.directory.file("podcasts/audio").path).isEmpty)
        }
    }

    /// Opens a download, reads a little of it and closes the socket.
    static func hangUp(port: Int, path: String, token: String) async throws {
        let connection = try RawConnection(port: port)
        await connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n")
        _ = await connection.read(until: "\r\n\r\n")  // the head, and whatever of the body came with it
    }  // the connection closes here

    static func decodedSamples(_ file: URL) async throws -> Int {
        let mpg123 = try #require(ProcessRunner.find("mpg123", path: nil), "mpg123 is installed by scripts/debian-packages.txt")
        let outcome = try await ProcessRunner().run(mpg123, ["-q", "-s", file.path], limits: ProcessLimits(wallClock: .seconds(60), outputBytes: 512 << 20))
        return outcome.output.count / 2
    }
}

extension Data {
    func count(of marker: String) -> Int {
        var count = 0
        var start = startIndex
        while let found = range(of: Data(marker.utf8), in: start..<endIndex) {
            count += 1
            start = found.upperBound
        }
        return count
    }
}
