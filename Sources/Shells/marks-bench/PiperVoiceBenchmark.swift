import Foundation
import MarksPodcasts

/// Issue 13's neural-voice detail: the Piper voice (joe, through sherpa-onnx's C API) speaking a 1,500-word
/// article — synthesis alone × real time (no encoding: `podcast` prints the figure with LAME), model load, phonemes
/// (espeak-ng) and the time to the first chunk of audio; the model is loaded once and warmed up first. Skipped, and said so, when the voice is not installed (make voices). MARKS_BENCH_PIPER_WORDS and
/// MARKS_BENCH_PIPER_THREADS change the article's length and onnxruntime's threads for a comparison.
enum PiperVoiceBenchmark {
    static func run() async throws -> [String] {
        let directory = NeuralVoiceDirectory(environment: ProcessInfo.processInfo.environment)
        guard directory.installed().voices.contains(where: { $0.name == "joe" }) else {
            return ["piper voice: skipped (not installed in \(directory.root.path): make voices ACCEPT_LICENCE=yes)"]
        }
        guard let phonemizer = ESpeakPhonemizer.find(path: nil) else { return ["piper voice: skipped (espeak-ng is not installed)"] }
        // Off the cooperative pool: synthesis blocks its thread, as the seam says.
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try measure(directory: directory, phonemizer: phonemizer) })
            }
        }
    }

    private static func measure(directory: NeuralVoiceDirectory, phonemizer: ESpeakPhonemizer) throws -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let words = environment["MARKS_BENCH_PIPER_WORDS"].flatMap { Int($0) } ?? 1_500
        let threads = environment["MARKS_BENCH_PIPER_THREADS"].flatMap { Int($0) } ?? 2
        let article = Self.article(words: words)
        let loadStart = DispatchTime.now().uptimeNanoseconds
        let voice = try PiperVoice.load(named: "joe", from: directory, phonemizer: phonemizer, threads: threads)
        let load = seconds(since: loadStart)
        // Warm-up (onnxruntime prepares its kernels on the first run), outside the figure.
        try voice.synthesize("A short sentence to warm the model up.", language: "en-us", isCancelled: { false }) { _ in }

        let phonemeStart = DispatchTime.now().uptimeNanoseconds
        let sentences = try phonemizer.sentences(for: article, voice: "en-us")
        let phonemes = seconds(since: phonemeStart)

        var samples = 0
        var firstChunk: Double?
        let cpuStart = cpuSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        try voice.synthesize(article, language: "en-us", isCancelled: { false }) { chunk in
            if firstChunk == nil { firstChunk = seconds(since: start) }
            samples += chunk.samples.count
        }
        let elapsed = seconds(since: start)
        let cpu = cpuSeconds() - cpuStart
        let audio = Double(samples) / Double(voice.voice.sampleRate)
        return [
            String(format: "piper voice (joe, sherpa-onnx 2.0.1, %d threads), %d words, synthesis only (phonemes included; load and warm-up not): %.1f s of audio in %.2f s = %.1f× real time (target ≥ 15×)",
                   threads, words, audio, elapsed, audio / elapsed),
            String(format: "piper voice: %.1f s of CPU (this process and its espeak-ng children) = %.1f× real time per CPU second, so the wall-clock figure is lower while other work shares the 2 cores",
                   cpu, audio / cpu),
            String(format: "piper voice: model load %.2f s; espeak-ng phonemes for the article %.3f s (%d sentences); first audio after %.2f s",
                   load, phonemes, sentences.count, firstChunk ?? 0),
        ]
    }

    /// User + system CPU seconds of this process (all its threads) and of its waited-for children.
    private static func cpuSeconds() -> Double {
        func total(_ who: __rusage_who) -> Double {
            var usage = rusage()
            getrusage(who.rawValue, &usage)
            return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        return total(RUSAGE_SELF) + total(RUSAGE_CHILDREN)
    }

    private static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// An English article of `words` words: varied sentences with commas, questions and paragraphs.
    static func article(words: Int) -> String {
        let sentences = [
            "The harbour was quiet in the early morning, and the fishing boats rocked gently at their moorings.",
            "Researchers have studied the migration of herons for decades, yet many questions remain unanswered.",
            "Why do some birds return to the same nesting site every spring?",
            "One explanation is that familiar places offer safety, food and shelter from the wind.",
            "In the afternoon, the light changes over the marshes, turning the water from grey to gold.",
            "Local volunteers count the birds each week, writing careful notes in a shared notebook.",
            "Their records, kept since nineteen eighty, show a slow but steady rise in numbers.",
            "Still, the wetlands face pressure from new roads, drainage and a warming climate.",
            "Conservation groups argue that small changes, such as leaving hedges uncut, make a real difference.",
            "When evening comes, the herons settle in the tall trees, and the marsh grows silent again.",
        ]
        var paragraphs: [String] = []
        var paragraph: [String] = []
        var count = 0
        var index = 0
        while count < words {
            let sentence = sentences[(index * 7) % sentences.count]
            paragraph.append(sentence)
            count += sentence.split(separator: " ").count
            index += 1
            if paragraph.count == 5 { paragraphs.append(paragraph.joined(separator: " ")); paragraph = [] }
        }
        if !paragraph.isEmpty { paragraphs.append(paragraph.joined(separator: " ")) }
        return paragraphs.joined(separator: "\n\n")
    }
}
