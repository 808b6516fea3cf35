import Foundation
import MarksCore
import Synchronization

/// A voice behind a remote speech API (OpenAI-compatible `/v1/audio/speech`, ElevenLabs), as the composition root
/// hands it in: what it is and one call that speaks a piece of text. This module never talks HTTP itself.
public struct RemoteSpeech: Sendable {
    /// The voice's name on an episode (`openai:gpt-4o-mini-tts/alloy`).
    public var name: String
    /// Samples per second of the PCM `speak` returns.
    public var sampleRate: Int
    /// The most characters one call may carry.
    public var inputLimit: Int
    /// The language tags it speaks.
    public var languages: [String]
    /// The host's (narrator's) and the guest's voice ids.
    public var hostVoice: String
    public var guestVoice: String
    /// Speaks `text` with voice id `voice`: 16-bit mono samples at `sampleRate`, or throws why not (a description
    /// that never holds the key).
    public var speak: @Sendable (_ text: String, _ voice: String) async throws -> [Int16]

    /// A remote voice.
    public init(name: String, sampleRate: Int, inputLimit: Int, languages: [String], hostVoice: String, guestVoice: String,
                speak: @escaping @Sendable (_ text: String, _ voice: String) async throws -> [Int16]) {
        self.name = name
        self.sampleRate = sampleRate
        self.inputLimit = inputLimit
        self.languages = languages
        self.hostVoice = hostVoice
        self.guestVoice = guestVoice
        self.speak = speak
    }
}

/// A provider's voice behind the `SpeechSynthesizer` seam: the text cut at paragraph and sentence ends into pieces
/// of at most `pieceCharacters` (and the provider's limit), each spoken by one request and handed to the sink as it
/// arrives — so an episode streams into the encoder piece by piece and memory holds one piece's audio. Any failure
/// (401, 429, 500, garbage, a hang past the timeout) is a `SpeechError.failed` naming the provider, which the
/// service answers by speaking the episode with the local voice and saying so.
public struct ProviderVoice: SpeechSynthesizer {
    public let voice: VoiceDescription
    /// The remote API.
    public let remote: RemoteSpeech
    /// The voice id this speaks with (the host's, or the guest's in a dialogue).
    public let voiceID: String
    /// Characters per request at most: short pieces reach the encoder early and keep each answer small.
    public var pieceCharacters = 1_800

    /// The provider's voice, speaking as the narrator or host.
    public init(remote: RemoteSpeech) {
        self.init(remote: remote, voiceID: remote.hostVoice)
    }

    private init(remote: RemoteSpeech, voiceID: String) {
        self.remote = remote
        self.voiceID = voiceID
        voice = VoiceDescription(name: remote.name, kind: .provider, languages: remote.languages, sampleRate: remote.sampleRate)
    }

    public func speaking(as speaker: NarrationScript.Speaker) -> any SpeechSynthesizer {
        speaker == .guest ? ProviderVoice(remote: remote, voiceID: remote.guestVoice) : self
    }

    public func synthesize(_ text: String, language: String, isCancelled: @Sendable () -> Bool,
                           into sink: (PCMChunk) throws -> Void) throws {
        guard voice.languages.contains(language.lowercased()) else { throw SpeechError.noVoice(language: language, available: voice.languages) }
        let limit = max(200, min(pieceCharacters, remote.inputLimit))
        let gap = PCMChunk.silence(Int(Double(remote.sampleRate) * 0.35))
        let pieces = PiperVoice.chunks(text, limit: limit).flatMap { Self.split($0, limit: limit) }
        for (index, piece) in pieces.enumerated() {
            if isCancelled() { throw CancellationError() }
            let remote = remote, voiceID = voiceID
            let samples: [Int16]
            do {
                samples = try BlockingCall.run(isCancelled: isCancelled) { try await remote.speak(piece, voiceID) }
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                throw SpeechError.failed("\(error)")
            }
            guard !samples.isEmpty else { throw SpeechError.failed("it answered with no audio") }
            try sink(PCMChunk(samples: samples))
            if index < pieces.count - 1 { try sink(gap) }
        }
    }

    /// A piece still over `limit` (one long run without sentence ends) cut at spaces, else anywhere.
    static func split(_ piece: String, limit: Int) -> [String] {
        guard piece.count > limit else { return [piece] }
        var parts: [String] = []
        var current = ""
        for word in piece.split(separator: " ") {
            var word = Substring(word)
            while word.count > limit {
                if !current.isEmpty { parts.append(current); current = "" }
                parts.append(String(word.prefix(limit)))
                word = word.dropFirst(limit)
            }
            if current.count + word.count + 1 > limit, !current.isEmpty { parts.append(current); current = "" }
            current += current.isEmpty ? String(word) : " " + word
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }
}

/// Waits on a blocked worker thread (the podcast `WorkerPool`, never the cooperative pool) for an async call,
/// polling `isCancelled` ten times a second; once it is true the call's task is cancelled and waited for.
enum BlockingCall {
    static func run<T: Sendable>(isCancelled: @Sendable () -> Bool, _ operation: @escaping @Sendable () async throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<T, any Error>?>(nil)
        let task = Task {
            let outcome: Result<T, any Error>
            do { outcome = .success(try await operation()) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        while done.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            if isCancelled() {
                task.cancel()
                done.wait()
                throw CancellationError()
            }
        }
        guard let outcome = result.withLock({ $0 }) else { throw CancellationError() }
        return try outcome.get()
    }
}
