import Foundation
import MarksCore
import MarksPodcasts
import MarksTestSupport
import Synchronization
import SystemSupport
import Testing

/// The provider voice's side of the seam: text cut into pieces within the provider's limit at sentence ends, one
/// request each, their audio handed on in order; the guest's voice id for a dialogue's guest; a failure as a
/// `SpeechError` the service answers with the local voice; cancellation while a request is out.
@Suite struct ProviderVoiceTests {
    final class Calls: Sendable {
        let log = Mutex<[(text: String, voice: String)]>([])
        var all: [(text: String, voice: String)] { log.withLock { $0 } }
    }

    static func remote(_ calls: Calls, limit: Int = 4_096, answer: @escaping @Sendable (String) async throws -> [Int16] = { _ in [Int16](repeating: 7, count: 100) }) -> RemoteSpeech {
        RemoteSpeech(name: "openai:test/alloy", sampleRate: 24_000, inputLimit: limit, languages: ["en", "en-us"], hostVoice: "alloy", guestVoice: "echo") { text, voice in
            calls.log.withLock { $0.append((text, voice)) }
            return try await answer(text)
        }
    }

    /// Runs a voice on a worker thread, as the podcast pool does; the chunks it handed on.
    static func speak(_ voice: any SpeechSynthesizer, _ text: String, cancelled: @escaping @Sendable () -> Bool = { false }) async throws -> [PCMChunk] {
        try await WorkerPool(name: "test-provider-voice", threads: 1).run {
            var chunks: [PCMChunk] = []
            try voice.synthesize(text, language: "en-us", isCancelled: cancelled) { chunks.append($0) }
            return chunks
        }
    }

    @Test func longTextIsSpokenInPiecesWithinTheLimit() async throws {
        let calls = Calls()
        var voice = ProviderVoice(remote: Self.remote(calls, limit: 300))
        voice.pieceCharacters = 1_800
        let sentence = "The hard part is knowing when an answer is stale. "
        let text = String(repeating: sentence, count: 12) + "\n\n" + String(repeating: "x", count: 700)
        let chunks = try await Self.speak(voice, text)
        let pieces = calls.all.map(\.text)
        #expect(pieces.allSatisfy { $0.count <= 300 }, "\(pieces.map(\.count))")
        // Nothing lost, nothing added (white space aside), in order.
        #expect(pieces.joined().filter { !$0.isWhitespace } == text.filter { !$0.isWhitespace })
        #expect(pieces.first?.hasSuffix("stale.") == true, "pieces end at sentence ends where they can")
        // Audio, a gap, audio, …: every answer in order.
        #expect(chunks.count == pieces.count * 2 - 1)
        #expect(chunks.first?.samples == [Int16](repeating: 7, count: 100))
        #expect(Set(calls.all.map(\.voice)) == ["alloy"])
    }

    @Test func theGuestSpeaksWithTheGuestsVoice() async throws {
        let calls = Calls()
        let voice = ProviderVoice(remote: Self.remote(calls))
        _ = try await Self.speak(voice.speaking(as: .guest), "Hello from the guest.")
        _ = try await Self.speak(voice.speaking(as: .host), "Hello from the host.")
        #expect(calls.all.map(\.voice) == ["echo", "alloy"])
        #expect(voice.speaking(as: .guest).voice == voice.voice)
    }

    @Test func aFailureIsASpeechErrorWithTheReason() async throws {
        struct Refused: Error, CustomStringConvertible { var description: String { "the API key was refused (invalid key)" } }
        let voice = ProviderVoice(remote: Self.remote(Calls(), answer: { _ in throw Refused() }))
        await #expect(throws: SpeechError.failed("the API key was refused (invalid key)")) { _ = try await Self.speak(voice, "Hello.") }
        let empty = ProviderVoice(remote: Self.remote(Calls(), answer: { _ in [] }))
        await #expect(throws: SpeechError.failed("it answered with no audio")) { _ = try await Self.speak(empty, "Hello.") }
        await #expect(throws: SpeechError.noVoice(language: "de", available: ["en", "en-us"])) {
            try await WorkerPool(name: "test-provider-voice", threads: 1).run {
                try voice.synthesize("Hallo.", language: "de", isCancelled: { false }) { _ in }
            }
        }
    }

    @Test func cancellationStopsAWaitingRequest() async throws {
        let cancelled = Atomic(false)
        let started = MarksTestSupport.Gate()
        let voice = ProviderVoice(remote: Self.remote(Calls(), answer: { _ in
            started.open()
            try await Task.sleep(for: .seconds(600))  // a hanging provider: only cancellation ends this
            return []
        }))
        let speaking = Task { try await Self.speak(voice, "Hello.", cancelled: { cancelled.load(ordering: .relaxed) }) }
        await started.wait()
        cancelled.store(true, ordering: .relaxed)
        await #expect(throws: CancellationError.self) { _ = try await speaking.value }
    }
}
