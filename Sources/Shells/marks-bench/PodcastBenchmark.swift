import Foundation
import MarksAssembly
import MarksCore
import MarksJobs
import MarksPodcasts
import Synchronization
import SystemSupport

/// Issue 13's figures: synthesis + encoding speed as × real time for a 1,500-word article with espeak-ng (target
/// ≥ 100×) and with the neural Piper voice when one is installed (target ≥ 15×; the model loaded once and a warm-up
/// sentence spoken first, both outside the figure), peak RSS above idle while a 2-hour espeak-ng episode is made
/// (target ≤ 150 MB), and the time from `generate` to the first playable byte for the 1,500-word article with each
/// installed voice (through the real job runner and service). MARKS_BENCH_PODCAST_SKIP_LONG=1 skips the 2-hour episode.
enum PodcastBenchmark {
    static func run() async throws -> [String] {
        let directory = try BenchSupport.temporaryDirectory("podcast")
        defer { do { try FileManager.default.removeItem(at: directory) } catch {} } // a temp dir: nothing to report
        let voice: EspeakVoice
        do {
            voice = try await EspeakVoice.installed(scratch: directory)
        } catch {
            return ["skipped: \(error)"]
        }
        var lines: [String] = []
        // English prose with punctuation and headings, as an article is: the made-up words of `text` (a 60-word
        // run with no sentence end per paragraph) are fine for the two-hour episode's memory, not for a voice's speed.
        let article = Self.article(words: 1_500)
        let script = try requireScriptImpl(article)

        var samples: [(wall: Double, audio: Double)] = []
        for run in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            let rendered = try await render(script, voice: voice, to: directory.appendingPathComponent("article-\(run).mp3"))
            samples.append((Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, rendered.durationSeconds))
        }
        let median = samples.sorted { $0.wall < $1.wall }[1]
        lines.append(String(format: "1,500-word article, espeak-ng + LAME 64 kbit/s: %.1f s of audio in %.2f s, %.0f× real time (target >= 100×)",
                            median.audio, median.wall, median.audio / median.wall))

        if ProcessInfo.processInfo.environment["MARKS_BENCH_PODCAST_SKIP_LONG"] == "1" {
            lines.append("2-hour episode: skipped (MARKS_BENCH_PODCAST_SKIP_LONG=1)")
        } else {
            let long = try requireScriptImpl(text(words: 15_000, seed: 14))  // with its pauses: about two hours
            let idle = residentKB()
            let peak = Mutex(idle)
            let sampling = Atomic(true)
            let sampler = Thread {
                while sampling.load(ordering: .relaxed) {
                    let now = residentKB()
                    peak.withLock { $0 = max($0, now) }
                    usleep(20_000)
                }
            }
            sampler.start()
            let start = DispatchTime.now().uptimeNanoseconds
            let episode = try await render(long, voice: voice, to: directory.appendingPathComponent("long.mp3"))
            let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            sampling.store(false, ordering: .relaxed)
            let above = (peak.withLock { $0 } - idle) / 1024
            lines.append(String(format: "2-hour episode (%.0f min of audio, %d MB) in %.1f s (%.0f×): peak RSS %d MB above idle (target <= 150 MB; espeak-ng runs as its own process)",
                                episode.durationSeconds / 60, episode.bytes >> 20, wall, episode.durationSeconds / wall, above))
        }
        lines.append(try await firstPlayableByte(article, voice: voice, directory: directory.appendingPathComponent("espeak-first")))
        lines += try await piper(script: script, article: article, directory: directory)
        return lines
    }

    /// The Piper figures, or why there are none.
    private static func piper(script: NarrationScript, article: String, directory: URL) async throws -> [String] {
        let voices = NeuralVoiceDirectory(environment: ProcessInfo.processInfo.environment)
        guard let installed = voices.installed().voices.first(where: { $0.name == "joe" }) ?? voices.installed().voices.first else {
            return ["piper voice: skipped (none installed in \(voices.root.path): make voices ACCEPT_LICENCE=yes)"]
        }
        guard let phonemizer = ESpeakPhonemizer.find(path: nil) else { return ["piper voice: skipped (espeak-ng is not installed)"] }
        let threads = ProcessInfo.processInfo.environment["MARKS_BENCH_PIPER_THREADS"].flatMap { Int($0) } ?? 2
        let loadStart = DispatchTime.now().uptimeNanoseconds
        let pool = WorkerPool(name: "bench-piper", threads: 1)
        let voice = try await pool.run { try PiperVoice.load(named: installed.name, from: voices, phonemizer: phonemizer, threads: threads) }
        let load = Double(DispatchTime.now().uptimeNanoseconds - loadStart) / 1e9
        // Warm-up: onnxruntime prepares its kernels on the first run; a server pays that once, not per episode.
        let warmStart = DispatchTime.now().uptimeNanoseconds
        _ = try await pool.run { try voice.synthesize("A short sentence to warm the model up.", language: "en-us", isCancelled: { false }) { _ in } }
        let warm = Double(DispatchTime.now().uptimeNanoseconds - warmStart) / 1e9

        var samples: [(wall: Double, cpu: Double, audio: Double)] = []
        for run in 0..<2 {
            let cpu = cpuSeconds()
            let start = DispatchTime.now().uptimeNanoseconds
            let rendered = try await render(script, voice: voice, to: directory.appendingPathComponent("piper-\(run).mp3"))
            samples.append((Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, cpuSeconds() - cpu, rendered.durationSeconds))
        }
        let best = samples.min { $0.wall < $1.wall } ?? samples[0]
        return [
            String(format: "1,500-word article, Piper %@ (sherpa-onnx, %d threads) + LAME 64 kbit/s: %.1f s of audio in %.2f s, %.1f× real time (target >= 15×; the better of 2 runs; phonemes by espeak-ng, synthesis and encoding included; model load and warm-up not)",
                   installed.name, threads, best.audio, best.wall, best.audio / best.wall),
            String(format: "piper: %.1f s of CPU for that run (this process and its espeak-ng children), %.1f× real time per CPU second; model load %.2f s, warm-up sentence %.2f s (once per process)",
                   best.cpu, best.audio / max(0.001, best.cpu), load, warm),
            try await firstPlayableByte(article, voice: voice, directory: directory.appendingPathComponent("piper-first")),
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

    /// Generate → done → the first bytes of the file, through a real job runner and the podcast service.
    private static func firstPlayableByte(_ text: String, voice: any SpeechSynthesizer, directory: URL) async throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The runner and the service as `marks serve` builds them, speaking with the voice under test; the runner's
        // default timing, as before (no 2 s pick-up: the bench wakes it by enqueueing).
        let root = CompositionRoot(settings: Settings(dataDirectory: directory), context: ProcessContext(environment: [:]),
                                   overrides: CompositionRoot.Overrides(jobSettings: JobRunnerSettings(), podcastVoice: voice))
        let jobs = try root.jobs()
        let service = try root.podcastService(jobs: jobs)
        await jobs.register(service.jobKind())
        await jobs.start()
        let start = DispatchTime.now().uptimeNanoseconds
        let episode = try await service.generate(PodcastRequest(url: "marks-source://bench", title: "Bench", text: text, sourceKind: "text"))
        var current = episode
        while current.status != .done {
            if current.status == .failed { throw BenchSupport.Failure(description: current.error ?? "failed") }
            try await Task.sleep(for: .milliseconds(5))
            current = try service.episode(id: episode.id) ?? current
        }
        let handle = try FileHandle(forReadingFrom: service.audioFile(for: current))
        let first = try handle.read(upToCount: 4096) ?? Data()
        try handle.close()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        await jobs.stop()
        guard !first.isEmpty else { throw BenchSupport.Failure(description: "the episode file is empty") }
        return String(format: "generate → first playable byte, 1,500-word source (%@): %.2f s (the whole file first: it is renamed into place when complete%@)",
                      voice.voice.name, elapsed, voice.voice.kind == .neural ? "; the model already loaded" : "")
    }

    private static func render(_ script: NarrationScript, voice: any SpeechSynthesizer, to file: URL) async throws -> RenderedEpisode {
        let pool = WorkerPool(name: "bench-podcast", threads: 1)
        return try await pool.run {
            try EpisodeRenderer(voice: voice).render(script, language: "en-us", cover: try CoverCard.picture(for: "bench"), to: file,
                                                     isCancelled: { false })
        }
    }

    /// A 1,500-word English article: the Piper section's paragraphs, with a heading every eight.
    private static func article(words: Int) -> String {
        var blocks: [String] = []
        for (index, paragraph) in PiperVoiceBenchmark.article(words: words).components(separatedBy: "\n\n").enumerated() {
            if index > 0 && index % 8 == 0 { blocks.append("## Part \(index / 8 + 1)") }
            blocks.append(paragraph)
        }
        return blocks.joined(separator: "\n\n")
    }

    private static func text(words: Int, seed: UInt64) -> String {
        var generator = SyntheticText(seed: seed)
        var paragraphs: [String] = []
        var count = 0
        while count < words {
            var paragraph: [String] = []
            for _ in 0..<5 { paragraph.append(generator.sentence(words: 12)) }
            count += 60
            paragraphs.append(paragraph.joined(separator: " "))
            if paragraphs.count % 8 == 0 { paragraphs.append("## Part \(paragraphs.count / 8)") }
        }
        return paragraphs.joined(separator: "\n\n")
    }

    private static func residentKB() -> Int {
        let text: String
        do { text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8) } catch { return 0 } // a figure of 0 shows it could not be read
        let line = text.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

private func requireScriptImpl(_ text: String) throws -> NarrationScript {
    let source = NarrationSource(title: "Bench", origin: .source(kind: "text"), language: "en", blocks: PlainTextBlocks.blocks(from: text))
    guard let script = NarrationScriptBuilder.script(for: source) else { throw BenchSupport.Failure(description: "no script") }
    return script
}
