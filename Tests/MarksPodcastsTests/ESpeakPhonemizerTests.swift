import Foundation
@testable import MarksPodcasts
import MarksTestSupport
import SystemSupport
import Testing

/// Phonemes from the real `espeak-ng -q --ipa` child process (Debian's espeak-ng, in scripts/debian-packages.txt).
@Suite struct ESpeakPhonemizerTests {
    static let phonemizer = ESpeakPhonemizer.find(path: nil)

    @Test(.enabled(if: phonemizer != nil, "espeak-ng is not installed (apt-get install espeak-ng)"))
    func eachClauseGetsItsPhonemesAndItsPunctuationBack() throws {
        let phonemizer = try #require(Self.phonemizer)
        let sentences = try phonemizer.sentences(for: "Hello there, my friend. Dr. Smith is here!\n\nNew paragraph", voice: "en-us")
        #expect(sentences.count == 3)
        #expect(sentences[0].phonemes.contains("həlˈoʊ"))
        #expect(sentences[0].phonemes.contains(", "))
        #expect(sentences[0].phonemes.hasSuffix("."))
        #expect(sentences[1].phonemes.contains("dˈɑːktɚ"), "\(sentences[1].phonemes)")
        #expect(sentences[1].phonemes.hasSuffix("!"))
        #expect(!sentences[1].phonemes.contains("."), "the abbreviation's full stop is no sentence end")
        #expect(sentences.map(\.endsParagraph) == [false, true, true])
    }

    @Test(.enabled(if: phonemizer != nil, "espeak-ng is not installed (apt-get install espeak-ng)"))
    func anUnknownVoiceIsAnErrorAPersonCanActOn() throws {
        let phonemizer = try #require(Self.phonemizer)
        #expect(throws: SpeechError.self) { try phonemizer.sentences(for: "Hello.", voice: "xx-nonexistent") }
        #expect(throws: SpeechError.noVoice(language: "en us; rm", available: [])) { try phonemizer.sentences(for: "Hello.", voice: "en us; rm") }
    }

    @Test func whenTheGroupsDoNotMatchEveryLineIsASentence() {
        let clauses = PhonemeClauses("One, two.").clauses
        let sentences = ESpeakPhonemizer.assemble("wˈʌn\ntˈuː\nθɹˈiː\n", clauses: clauses)
        #expect(sentences.map(\.phonemes) == ["wˈʌn.", "tˈuː.", "θɹˈiː."])
        let matched = ESpeakPhonemizer.assemble("wˈʌn\n\ntˈuː\n", clauses: clauses)
        #expect(matched.map(\.phonemes) == ["wˈʌn, tˈuː."])
    }

    @Test func aHangingPhonemizerIsStoppedAtItsTimeLimit() throws {
        // A stand-in that never answers, run where espeak-ng would be.
        let directory = try TemporaryDirectory(prefix: "marks-phonemizer")
        defer { directory.cleanUp() }
        let program = directory.file("espeak-ng")
        try Data("#!/bin/sh\nexec sleep 30\n".utf8).write(to: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        let phonemizer = ESpeakPhonemizer(program: program.path, limits: ProcessLimits(wallClock: .seconds(1)))
        #expect(throws: SpeechError.timedOut(seconds: 1)) { try phonemizer.sentences(for: "Hello.", voice: "en-us") }
    }

    @Test func aCrashingPhonemizerFailsWithTheReason() throws {
        let directory = try TemporaryDirectory(prefix: "marks-phonemizer")
        defer { directory.cleanUp() }
        let program = directory.file("espeak-ng")
        try Data("#!/bin/sh\necho 'segfault here' >&2\nkill -SEGV $$\n".utf8).write(to: program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        let phonemizer = ESpeakPhonemizer(program: program.path)
        #expect(throws: SpeechError.self) { try phonemizer.sentences(for: "Hello.", voice: "en-us") }
    }
}
