import Foundation
import MarksCore
import NeuralVoice
import SystemSupport

/// The neural Piper voice (issue 13): an installed Piper model run by sherpa-onnx's C API (loaded with `dlopen`),
/// its phonemes from `espeak-ng -q --ipa` as a child process. Text is phonemised a few thousand characters at a
/// time and spoken sentence by sentence, each handed to the sink as soon as it is made, with a short pause after
/// each sentence and a longer one after each paragraph; cancellation is checked between sentences.
///
/// The model is loaded once per core it may use, each instance with one onnxruntime thread, and the instances
/// speak a chunk's sentences at the same time, longest first (`OrderedParallelWork`), handed to the sink in order.
/// Measured here on a loaded machine, one instance with two threads made 6.5 s of audio per CPU second and one
/// with one thread 9.4 s: two threads meet at every layer of a short sentence, two instances never meet.
public final class PiperVoice: SpeechSynthesizer {
    public let voice: VoiceDescription
    /// The installed voice this speaks with.
    public let installed: InstalledVoice
    private let models: [VITSModel]
    /// Threads for the instances beyond the first (the caller's thread runs the first), at the render pool's niceness.
    private let helpers: WorkerPool
    private let phonemizer: ESpeakPhonemizer
    private let known: Set<Unicode.Scalar>

    /// Characters of text phonemised in one espeak-ng run (cut at paragraph, then sentence boundaries).
    static let phonemeChunkCharacters = 4_000
    /// Seconds of silence after a sentence and after a paragraph.
    static let sentencePause = 0.2
    static let paragraphPause = 0.6

    /// The voice `installed`, loaded into `runtime` once for each of `threads` cores (this takes a moment: the
    /// model is read and prepared).
    public init(installed: InstalledVoice, runtime: SherpaOnnxRuntime, phonemizer: ESpeakPhonemizer, threads: Int = 2) throws {
        let settings = VITSModel.Settings(noiseScale: installed.noiseScale, noiseScaleW: installed.noiseW,
                                          lengthScale: installed.lengthScale, threads: 1)
        var models: [VITSModel] = []
        for _ in 0..<max(1, threads) {
            do {
                models.append(try VITSModel(runtime: runtime, model: installed.model, tokens: installed.tokens, settings: settings))
            } catch {
                throw SpeechError.unavailable(error.description)
            }
        }
        self.models = models
        helpers = WorkerPool(name: "piper", threads: max(1, models.count - 1), niceness: 10)
        let model = models[0]
        known = try installed.knownSymbols()
        self.installed = installed
        self.phonemizer = phonemizer
        voice = VoiceDescription(name: installed.name, kind: .neural, languages: installed.languages, sampleRate: model.sampleRate)
    }

    /// The voice named `name` from `directory`, with its runtime: what `marks` uses when the config picks it.
    public static func load(named name: String, from directory: NeuralVoiceDirectory, phonemizer: ESpeakPhonemizer?,
                            threads: Int = 2) throws -> PiperVoice {
        let installed = try directory.voice(named: name)
        guard let phonemizer else { throw SpeechError.unavailable("espeak-ng is not installed (apt-get install espeak-ng): the neural voice needs its phonemes") }
        let runtime: SherpaOnnxRuntime
        do {
            runtime = try SherpaOnnxRuntime(libraryDirectory: directory.runtimeLibraries)
        } catch {
            throw SpeechError.unavailable(error.description)
        }
        return try PiperVoice(installed: installed, runtime: runtime, phonemizer: phonemizer, threads: threads)
    }

    public func synthesize(_ text: String, language: String, isCancelled: @Sendable () -> Bool,
                           into sink: (PCMChunk) throws -> Void) throws {
        try speak(text, language: language, speed: 1, isCancelled: isCancelled, into: sink)
    }

    /// How much faster a dialogue's guest speaks: a Piper voice has one speaker, so the guest is the same voice at
    /// another pace (and the turns are set apart by pauses).
    public static let guestSpeed: Float = 1.15

    /// The guest of a dialogue: the same voice, `guestSpeed` times as fast.
    public func speaking(as speaker: NarrationScript.Speaker) -> any SpeechSynthesizer {
        speaker == .guest ? PiperGuest(base: self) : self
    }

    /// `synthesize` at `speed` (1 is the voice's pace).
    func speak(_ text: String, language: String, speed: Float, isCancelled: @Sendable () -> Bool,
               into sink: (PCMChunk) throws -> Void) throws {
        guard voice.languages.contains(language.lowercased()) else { throw SpeechError.noVoice(language: language, available: voice.languages) }
        let sentenceGap = PCMChunk.silence(Int(Double(voice.sampleRate) * Self.sentencePause))
        let paragraphGap = PCMChunk.silence(Int(Double(voice.sampleRate) * Self.paragraphPause))
        let models = models
        for chunk in Self.chunks(text, limit: Self.phonemeChunkCharacters) {
            if isCancelled() { throw CancellationError() }
            let sentences = try phonemizer.sentences(for: chunk, voice: installed.espeakVoice).compactMap { sentence -> ([Int32], Bool)? in
                let codepoints = sentence.phonemes.unicodeScalars.filter { known.contains($0) }.map { Int32(bitPattern: $0.value) }
                return codepoints.contains(where: { $0 > 0x40 }) ? (codepoints, sentence.endsParagraph) : nil
            }
            let phonemes = sentences.map(\.0)
            // Longest first, so no instance is left alone with a long last sentence; a chunk's audio (a few
            // thousand characters) waits in memory for its turn at most.
            let longestFirst = phonemes.indices.sorted { phonemes[$0].count > phonemes[$1].count }
            try OrderedParallelWork.run(count: sentences.count, workers: models.count, pool: helpers, order: longestFirst,
                                        work: { worker, index in
                                            do {
                                                return try models[worker].generate(sentences: [phonemes[index]], speed: speed)
                                            } catch let error as NeuralVoiceError {
                                                throw SpeechError.failed(error.description)
                                            }
                                        },
                                        check: { if isCancelled() { throw CancellationError() } },
                                        emit: { index, samples in
                                            try sink(PCMChunk(samples: samples.map { Int16(max(-1, min(1, $0)) * 32_767) }))
                                            try sink(sentences[index].1 ? paragraphGap : sentenceGap)
                                        })
        }
    }

    /// `text` cut into pieces of about `limit` characters at paragraph boundaries (a longer paragraph at sentence
    /// ends, a longer sentence at spaces), so phonemes arrive early and a long article never waits on one big run.
    static func chunks(_ text: String, limit: Int) -> [String] {
        var chunks: [String] = []
        var current = ""
        func push(_ piece: String) {
            if !current.isEmpty && current.count + piece.count + 2 > limit {
                chunks.append(current)
                current = ""
            }
            current += current.isEmpty ? piece : "\n\n" + piece
        }
        for paragraph in PhonemeClauses.paragraphs(text) {
            if paragraph.count <= limit { push(paragraph); continue }
            var sentence = ""
            for word in paragraph.split(separator: " ") {
                sentence += sentence.isEmpty ? String(word) : " " + word
                if sentence.count >= limit || (sentence.count >= limit / 2 && (word.hasSuffix(".") || word.hasSuffix("?") || word.hasSuffix("!"))) {
                    chunks.append(current.isEmpty ? sentence : current + "\n\n" + sentence)
                    current = ""
                    sentence = ""
                }
            }
            if !sentence.isEmpty { push(sentence) }
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }
}

/// A dialogue's guest spoken by the one Piper voice, a little faster.
struct PiperGuest: SpeechSynthesizer {
    let base: PiperVoice

    var voice: VoiceDescription { base.voice }

    func synthesize(_ text: String, language: String, isCancelled: @Sendable () -> Bool, into sink: (PCMChunk) throws -> Void) throws {
        try base.speak(text, language: language, speed: PiperVoice.guestSpeed, isCancelled: isCancelled, into: sink)
    }
}
