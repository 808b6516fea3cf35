import Foundation
import MarksCore
import SystemSupport

/// The espeak-ng voice: `espeak-ng --stdout` run as a child process through `ProcessRunner` (its WAV read as it
/// streams, never whole), killed at a time limit that grows with the text; a crash, a hang or garbage fails with
/// the reason. Always available on Debian (`espeak-ng`), the default voice until a neural one is installed. The
/// text goes through a file (`-f`), so any length works; espeak-ng itself is never linked (GPL-3).
public struct EspeakVoice: SpeechSynthesizer {
    public let voice: VoiceDescription
    /// The program run (espeak-ng, or a stand-in in tests).
    public let program: String
    /// Words a minute (espeak-ng's `-s`; its default is 175).
    public var wordsPerMinute = 175
    /// espeak-ng's voice variant (`-v en-us+f3`), nil for the language's default voice.
    public var variant: String?
    /// The variant a dialogue's guest speaks with (a female voice; the default is male).
    public static let guestVariant = "f3"
    /// The time limit of one call: this much, plus `secondsPerThousandWords` for each 1,000 words of its text. It is
    /// wall-clock time and includes the waits on the encoder reading the pipe (on a low-priority thread), so it is
    /// a hang guard far above a busy machine's pace: espeak-ng needs ~0.5 s of CPU per 1,000 words, and 10 s per
    /// 1,000 words was exceeded with two test suites and a benchmark sharing the 2 cores.
    public var baseTimeLimit: Duration = .seconds(120)
    public var secondsPerThousandWords = 60.0
    private let runner: ProcessRunner
    private let scratch: URL

    /// espeak-ng's sample rate.
    public static let sampleRate = 22_050

    /// The voice over `program`, speaking `languages` (the first is the default); `scratch` holds the text file of
    /// a running call.
    public init(program: String, languages: [String], scratch: URL, runner: ProcessRunner = ProcessRunner()) {
        self.program = program
        self.voice = VoiceDescription(name: "espeak-ng", kind: .espeak, languages: languages, sampleRate: Self.sampleRate)
        self.scratch = scratch
        self.runner = runner
    }

    /// The installed espeak-ng (found on `path`, a `PATH` value), with the languages `espeak-ng --voices` lists,
    /// English (US) first. Throws `SpeechError.unavailable` when it is missing or does not answer.
    public static func installed(path: String? = nil, scratch: URL, runner: ProcessRunner = ProcessRunner()) async throws -> EspeakVoice {
        guard let program = ProcessRunner.find("espeak-ng", path: path) else {
            throw SpeechError.unavailable("espeak-ng is not installed (apt-get install espeak-ng).")
        }
        let outcome = try await runner.run(program, ["--voices"], limits: ProcessLimits(wallClock: .seconds(10)))
        guard outcome.succeeded else { throw SpeechError.unavailable("espeak-ng --voices failed: \(outcome.summary)") }
        let languages = parseVoices(String(decoding: outcome.output, as: UTF8.self))
        guard !languages.isEmpty else { throw SpeechError.unavailable("espeak-ng lists no voices (is espeak-ng-data installed?)") }
        return EspeakVoice(program: program, languages: languages, scratch: scratch, runner: runner)
    }

    /// The language column of `espeak-ng --voices` (lower case, unique), with "en-us" moved first.
    static func parseVoices(_ listing: String) -> [String] {
        var languages: [String] = []
        for line in listing.split(separator: "\n").dropFirst() {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            guard columns.count >= 2 else { continue }
            let language = columns[1].lowercased()
            if !languages.contains(language) { languages.append(language) }
        }
        if let english = languages.firstIndex(of: "en-us") { languages.insert(languages.remove(at: english), at: 0) }
        return languages
    }

    public func synthesize(_ text: String, language: String, isCancelled: @Sendable () -> Bool,
                           into sink: (PCMChunk) throws -> Void) throws {
        guard voice.languages.contains(language) else {
            throw SpeechError.noVoice(language: language, available: voice.languages)
        }
        if isCancelled() { throw CancellationError() }
        let textFile = scratch.appendingPathComponent("espeak-\(UUID().uuidString).txt")
        do {
            // The article's text: in the caller's private scratch directory (the data directory's `tmp`, 0700), 0600.
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard FileManager.default.createFile(atPath: textFile.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown)
            }
        } catch {
            throw SpeechError.unavailable("the text could not be written for espeak-ng in \(scratch.path): \(error.localizedDescription)")
        }
        defer {
            do { try FileManager.default.removeItem(at: textFile) } catch {}  // a leftover scratch file is harmless
        }
        let words = Double(SpeechWords.count(text))
        let seconds = Self.seconds(baseTimeLimit) + secondsPerThousandWords * words / 1000
        // 16-bit samples at 22,050 Hz: a generous bound on what `words` can produce at a slow 60 words a minute.
        let outputBound = Int(min(Double(Int.max / 4), 4096 + words / 60 * 60 * Double(Self.sampleRate) * 2 * 1.5))
        let limits = ProcessLimits(wallClock: .milliseconds(Int(seconds * 1000)), outputBytes: outputBound)
        var reader = WAVStreamReader()
        let voiceName = variant.map { "\(language)+\($0)" } ?? language
        let outcome = try runner.stream(program, ["--stdout", "-v", voiceName, "-s", String(wordsPerMinute), "-f", textFile.path],
                                        limits: limits, isCancelled: isCancelled) { bytes in
            let samples = try reader.feed(bytes)
            if !samples.isEmpty { try sink(PCMChunk(samples: samples)) }
        }
        switch outcome.termination {
        case .exited(0):
            if reader.endedEarly { throw SpeechError.failed("espeak-ng wrote no audio\(Self.detail(outcome))") }
        case .cancelled: throw CancellationError()
        case .timedOut: throw SpeechError.timedOut(seconds: Int(seconds))
        default: throw SpeechError.failed("espeak-ng stopped (\(outcome.summary))")
        }
        if let format = reader.format, format.sampleRate != Self.sampleRate {
            throw SpeechError.failed("espeak-ng spoke at \(format.sampleRate) Hz, not \(Self.sampleRate) Hz")
        }
    }

    /// The guest of a dialogue speaks espeak-ng's `f3` variant; the host and the narrator its default voice.
    public func speaking(as speaker: NarrationScript.Speaker) -> any SpeechSynthesizer {
        guard speaker == .guest else { return self }
        var guest = self
        guest.variant = Self.guestVariant
        return guest
    }

    private static func detail(_ outcome: ProcessOutcome) -> String {
        let line = outcome.errorOutput.split(whereSeparator: \.isNewline).first.map { String($0.prefix(200)) } ?? ""
        return line.isEmpty ? "" : ": \(line)"
    }

    private static func seconds(_ duration: Duration) -> Double {
        duration.inSeconds
    }
}

/// Word counting for time limits.
enum SpeechWords {
    static func count(_ text: String) -> Int {
        var count = 0, inWord = false
        for byte in text.utf8 {
            let space = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
            if !space && !inWord { count += 1 }
            inWord = !space
        }
        return count
    }
}
