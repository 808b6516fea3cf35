import Foundation
@testable import MarksPodcasts
import MarksTestSupport
import SystemSupport
import Synchronization
import Testing

@Suite struct EspeakVoiceTests {
    /// A stand-in for espeak-ng: a shell script that behaves as told (crashes, hangs, prints garbage).
    private func standIn(_ body: String, in directory: TemporaryDirectory) throws -> String {
        let url = directory.file("fake-espeak")
        try directory.write("fake-espeak", "#!/bin/sh\n\(body)\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    @Test func speaksInChunksOfPCM() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let voice = try await EspeakVoice.installed(scratch: directory.url)
        #expect(voice.voice.kind == .espeak)
        #expect(voice.voice.sampleRate == 22_050)
        #expect(voice.voice.languages.first == "en-us")
        #expect(voice.voice.languages.contains("de"))
        #expect(voice.language(for: "fr") == "fr-fr")
        var samples = 0, chunks = 0, loud = 0
        try voice.synthesize("Hello there. This is a test of the espeak voice.", language: "en-us", isCancelled: { false }) { chunk in
            samples += chunk.samples.count
            chunks += 1
            loud += chunk.samples.filter { abs(Int($0)) > 1000 }.count
        }
        #expect(samples > 22_050)  // more than a second of speech
        #expect(loud > 1000)
        #expect(chunks >= 1)
        // The scratch text file is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aLanguageWithoutAVoiceIsRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let voice = try await EspeakVoice.installed(scratch: directory.url)
        #expect(voice.language(for: "tlh") == nil)
        #expect(throws: SpeechError.self) {
            try voice.synthesize("nuqneH", language: "tlh", isCancelled: { false }) { _ in }
        }
    }

    @Test func aCrashFailsWithTheReason() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let program = try standIn("printf 'RIFF....WAVE'; kill -SEGV $$", in: directory)
        let voice = EspeakVoice(program: program, languages: ["en-us"], scratch: directory.url)
        do {
            try voice.synthesize("Hello", language: "en-us", isCancelled: { false }) { _ in }
            Issue.record("a crashing voice succeeded")
        } catch let error as SpeechError {
            guard case .failed(let reason) = error else { Issue.record("unexpected \(error)"); return }
            #expect(reason.contains("signal 11"))
        }
    }

    @Test func aHangIsKilledAtTheTimeLimit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let program = try standIn("exec sleep 30", in: directory)
        var voice = EspeakVoice(program: program, languages: ["en-us"], scratch: directory.url)
        voice.baseTimeLimit = .milliseconds(300)
        voice.secondsPerThousandWords = 0
        #expect(throws: SpeechError.timedOut(seconds: 0)) {
            try voice.synthesize("Hello", language: "en-us", isCancelled: { false }) { _ in }
        }
    }

    @Test func garbageIsNotAudio() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let program = try standIn("echo 'this is not a wav file at all'", in: directory)
        let voice = EspeakVoice(program: program, languages: ["en-us"], scratch: directory.url)
        #expect(throws: SpeechError.failed("the voice's output is not a WAV stream")) {
            try voice.synthesize("Hello", language: "en-us", isCancelled: { false }) { _ in }
        }
        let silent = EspeakVoice(program: try standIn("exit 0", in: directory), languages: ["en-us"], scratch: directory.url)
        #expect(throws: SpeechError.failed("espeak-ng wrote no audio")) {
            try silent.synthesize("Hello", language: "en-us", isCancelled: { false }) { _ in }
        }
    }

    @Test func cancellingStopsTheChild() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let voice = try await EspeakVoice.installed(scratch: directory.url)
        let text = Array(repeating: "This sentence is spoken again and again.", count: 2000).joined(separator: " ")
        let stop = Flag()
        var chunks = 0
        #expect(throws: CancellationError.self) {
            try voice.synthesize(text, language: "en-us", isCancelled: { stop.isSet }) { _ in
                chunks += 1
                stop.set()
            }
        }
        #expect(chunks < 20)
    }

    @Test func parsesTheVoiceListing() {
        let listing = """
        Pty Language       Age/Gender VoiceName          File                 Other Languages
         5  af              --/M      Afrikaans          gmw/af
         5  en-gb           --/M      English_(Great_Britain) gmw/en
         2  en-us           --/M      English_(America)  gmw/en-US
         5  en-us           --/M      English_(America, New York City) gmw/en-US-nyc
        """
        #expect(EspeakVoice.parseVoices(listing) == ["en-us", "af", "en-gb"])
    }
}

/// A flag one closure sets and another reads.
final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
