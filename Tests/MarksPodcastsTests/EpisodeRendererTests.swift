import Foundation
import MarksCore
@testable import MarksPodcasts
import MarksTestSupport
import SystemSupport
import Testing

@Suite struct EpisodeRendererTests {
    static func script(sections: Int = 3, sentences: Int = 3) -> NarrationScript {
        let parts = (0..<sections).map { index in
            NarrationScript.Section(title: "Part \(index + 1)",
                                    text: Array(repeating: "This is sentence number \(index + 1) of the test.", count: sentences).joined(separator: " "),
                                    pauseAfter: index == sections - 1 ? 0 : 1)
        }
        return NarrationScript(title: "A Test Episode – ünïcode", artist: "example.com", sections: parts,
                               wordCount: parts.reduce(0) { $0 + SpokenText.wordCount($1.text) }, estimatedMinutes: 1, language: "en")
    }

    /// Samples `mpg123` decodes from `file` (it honours the LAME tag's delay and padding).
    static func decodedSamples(_ file: URL) async throws -> Int {
        let mpg123 = try #require(ProcessRunner.find("mpg123", path: nil), "mpg123 is installed by scripts/debian-packages.txt")
        let outcome = try await ProcessRunner().run(mpg123, ["-q", "-s", file.path], limits: ProcessLimits(wallClock: .seconds(60), outputBytes: 512 << 20))
        #expect(outcome.succeeded, "\(outcome.summary)")
        return outcome.output.count / 2
    }

    @Test func writesAnMP3WithItsExactLengthTagAndChapters() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let voice = try await EspeakVoice.installed(scratch: directory.url)
        let destination = directory.file("episodes/one.mp3")
        let cover = try CoverCard.picture(for: "example.com")
        var fractions: [Double] = []
        let rendered = try EpisodeRenderer(voice: voice).render(Self.script(), language: "en-us", cover: cover, to: destination,
                                                                 isCancelled: { false }) { fraction, _ in fractions.append(fraction) }
        let data = try Data(contentsOf: destination)
        #expect(rendered.bytes == data.count)
        // Issue 35 item 12: the MP3 (the article, spoken) is the user's alone, 0600 like every other file of theirs.
        let mode = try FileManager.default.attributesOfItem(atPath: destination.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(rendered.chapters.map(\.title) == ["Part 1", "Part 2", "Part 3"])
        #expect(rendered.chapters[0].startMilliseconds == 0)
        #expect(rendered.chapters[1].startMilliseconds == rendered.chapters[0].endMilliseconds)
        #expect(rendered.chapters[2].endMilliseconds == EpisodeRenderer.milliseconds(Int(rendered.durationSeconds * 22_050), rate: 22_050))
        #expect(!rendered.wasCut)
        #expect(fractions.last == 1)
        #expect(fractions == fractions.sorted())

        let summary = try MP3Summary.walk(data)
        #expect(summary.infoTagMatches)
        #expect(summary.infoTag?.name == "Info")
        #expect(summary.sampleRate == 22_050)
        #expect(summary.channels == 1)
        #expect(summary.bitrates == [64])
        #expect(abs(summary.durationSeconds - rendered.durationSeconds) < 0.0001)
        let samples = try await Self.decodedSamples(destination)
        #expect(samples == Int((rendered.durationSeconds * 22_050).rounded()))

        let tag = data.prefix(summary.tagBytes)
        #expect(tag.starts(with: Data("ID3".utf8) + Data([3, 0])))
        for frame in ["TIT2", "TPE1", "TALB", "TLEN", "APIC", "CTOC"] {
            #expect(tag.range(of: Data(frame.utf8)) != nil, "\(frame) is missing")
        }
        #expect(tag.count(of: "CHAP") == 3)
        #expect(tag.range(of: Data("COMM".utf8)) == nil)
        #expect(tag.range(of: Data("\u{89}PNG".unicodeScalars.map { UInt8($0.value) })) != nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("episodes").path) == ["one.mp3"])
    }

    @Test func anEpisodeOverTheLimitIsCutWithANote() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let voice = try await EspeakVoice.installed(scratch: directory.url)
        var renderer = EpisodeRenderer(voice: voice)
        renderer.maxSeconds = 3
        let destination = directory.file("cut.mp3")
        let rendered = try renderer.render(Self.script(sections: 4, sentences: 6), language: "en-us", cover: nil, to: destination, isCancelled: { false })
        #expect(rendered.wasCut)
        #expect(rendered.chapters.count == 1)
        #expect(rendered.durationSeconds > 3.5)   // the limit, a pause and the note
        #expect(rendered.durationSeconds < 15)
        let data = try Data(contentsOf: destination)
        #expect(data.range(of: Data("COMM".utf8)) != nil)
        #expect(try MP3Summary.walk(data).infoTagMatches)
    }

    @Test func cancellingLeavesNoFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let voice = try await EspeakVoice.installed(scratch: directory.url)
        let stop = Flag()
        #expect(throws: CancellationError.self) {
            try EpisodeRenderer(voice: voice).render(Self.script(), language: "en-us", cover: nil, to: directory.file("x.mp3"),
                                                     isCancelled: { stop.isSet }) { _, _ in stop.set() }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func aFullDiskFailsTheEpisodeAndLeavesNoPartialFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let small = directory.file("small")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        let mounted = try await ProcessRunner().run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", small.path])
        try #require(mounted.succeeded, "\(mounted.summary)")
        defer {
            do { _ = try ProcessRunner().runBlocking("/bin/umount", [small.path]) } catch {}  // cleanUp() reports nothing either
        }
        let voice = try await EspeakVoice.installed(scratch: directory.url)
        do {
            _ = try EpisodeRenderer(voice: voice).render(Self.script(sections: 4, sentences: 8), language: "en-us", cover: nil,
                                                         to: small.appendingPathComponent("full.mp3"), isCancelled: { false })
            Issue.record("a full disk did not fail the episode")
        } catch let error as PodcastError {
            guard case .disk(let reason) = error else { Issue.record("unexpected \(error)"); return }
            #expect(reason.contains("No space left on device"))
            #expect(error.description.contains("disk full"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: small.path).isEmpty)
    }

    @Test func theCoverCardIsAPNG() throws {
        let png = try CoverCard.png(for: "example.com")
        #expect(png.starts(with: Data([0x89, 0x50, 0x4E, 0x47])))
        #expect(png.count < 40_000)
        #expect(try CoverCard.png(for: "example.com") == png)
        #expect(try CoverCard.png(for: "other.org") != png)
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
