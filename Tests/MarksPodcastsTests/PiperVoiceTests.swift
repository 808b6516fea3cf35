import Foundation
import MarksPodcasts
import MarksTestSupport
import NeuralVoice
import Synchronization
import Testing

/// The neural Piper voice: the loader's errors always run; synthesis runs when the voice is installed
/// (`make voices`, into $MARKS_VOICES_DIR or ~/.cache/marks/voices) and is reported as skipped when it is not.
@Suite struct PiperVoiceTests {
    static let directory = NeuralVoiceDirectory(environment: ProcessInfo.processInfo.environment)
    static let installed: Bool = {
        FileManager.default.fileExists(atPath: directory.runtimeLibraries.appendingPathComponent("libsherpa-onnx-c-api.so").path)
            && FileManager.default.fileExists(atPath: directory.root.appendingPathComponent("joe/model.onnx").path)
    }()
    static let skipReason: Comment = "the joe voice is not installed (make voices, or marks podcast voices install joe --accept-licence)"

    /// One loaded voice for the suite (loading takes a moment).
    static let voice: Result<PiperVoice, any Error> = Result {
        try PiperVoice.load(named: "joe", from: directory, phonemizer: ESpeakPhonemizer.find(path: nil))
    }

    @Test func theLoaderSaysWhatIsMissingWhenTheRuntimeIsAbsent() throws {
        let empty = try TemporaryDirectory(prefix: "marks-voices")
        defer { empty.cleanUp() }
        #expect(throws: NeuralVoiceError.libraryMissing(path: empty.url.appendingPathComponent("libonnxruntime.so").path)) {
            try SherpaOnnxRuntime(libraryDirectory: empty.url)
        }
        let message = NeuralVoiceError.libraryMissing(path: "/x/libonnxruntime.so").description
        #expect(message.contains("make voices"))
    }

    @Test func aLibraryThatIsNotOneIsRefusedWithDlopensReason() throws {
        let directory = try TemporaryDirectory(prefix: "marks-voices")
        defer { directory.cleanUp() }
        for name in ["libonnxruntime.so", "libsherpa-onnx-c-api.so"] {
            try Data("not an ELF file".utf8).write(to: directory.url.appendingPathComponent(name))
        }
        do {
            _ = try SherpaOnnxRuntime(libraryDirectory: directory.url)
            Issue.record("a text file loaded as a library")
        } catch let error {
            guard case .libraryUnloadable(let path, let reason) = error else { Issue.record("\(error)"); return }
            #expect(path.hasSuffix("libonnxruntime.so"))
            #expect(!reason.isEmpty)
        }
    }

    @Test func aVoiceThatIsNotInstalledIsUnavailableWithTheCommandThatInstallsIt() throws {
        let empty = try TemporaryDirectory(prefix: "marks-voices")
        defer { empty.cleanUp() }
        let directory = NeuralVoiceDirectory(root: empty.url)
        #expect(directory.installed() == NeuralVoiceDirectory.Listing())
        do {
            _ = try PiperVoice.load(named: "joe", from: directory, phonemizer: ESpeakPhonemizer.find(path: nil))
            Issue.record("loaded a voice that is not there")
        } catch let error as SpeechError {
            #expect(error.description.contains("marks podcast voices install joe --accept-licence"))
        }
        // A voice directory with a damaged manifest is listed as damaged, not skipped in silence.
        try FileManager.default.createDirectory(at: empty.url.appendingPathComponent("broken"), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: empty.url.appendingPathComponent("broken/voice.json"))
        let listing = directory.installed()
        #expect(listing.voices.isEmpty)
        #expect(listing.damaged.map(\.name) == ["broken"])
        #expect(listing.damaged.first?.reason.contains("damaged") == true)
        #expect(throws: SpeechError.self) { try directory.voice(named: "../etc") }
    }

    @Test func theVoicesDirectoryFollowsTheEnvironment() {
        #expect(NeuralVoiceDirectory(environment: ["MARKS_VOICES_DIR": "/v"]).root.path == "/v")
        #expect(NeuralVoiceDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]).root.path == "/c/marks/voices")
        #expect(NeuralVoiceDirectory(environment: ["HOME": "/h"]).root.path == "/h/.cache/marks/voices")
    }

    @Test(.enabled(if: installed, skipReason))
    func theVoiceSpeaksSentencesAsPCMWithPauses() throws {
        let voice = try Self.voice.get()
        #expect(voice.voice.kind == .neural)
        #expect(voice.voice.name == "joe")
        #expect(voice.voice.sampleRate == 22_050)
        #expect(voice.language(for: "en") == "en-us")
        var chunks: [PCMChunk] = []
        try voice.synthesize("Hello from Marks. This article, about herons, is read by a neural voice.", language: "en-us",
                             isCancelled: { false }) { chunks.append($0) }
        #expect(chunks.count == 4, "two sentences, each followed by its pause")
        let speech = chunks[0].samples + chunks[2].samples
        let seconds = Double(speech.count) / 22_050
        #expect(seconds > 2 && seconds < 12, "\(seconds) s")
        let rms = (speech.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(speech.count)).squareRoot()
        #expect(rms > 300, "speech, not silence (RMS \(rms))")
        #expect(chunks[1].samples.allSatisfy { $0 == 0 } && chunks[1].samples.count == Int(22_050 * 0.2))
        #expect(chunks[3].samples.count == Int(22_050 * 0.6), "the last sentence ends its paragraph")
    }

    @Test(.enabled(if: installed, skipReason))
    func cancellationStopsBetweenSentencesAndASinkErrorStopsTheVoice() throws {
        let voice = try Self.voice.get()
        final class Count: Sendable { let value = Mutex(0) }
        let spoken = Count()
        #expect(throws: CancellationError.self) {
            try voice.synthesize("One sentence. Another sentence. A third one.", language: "en-us",
                                 isCancelled: { spoken.value.withLock { $0 } >= 2 }) { _ in spoken.value.withLock { $0 += 1 } }
        }
        #expect(spoken.value.withLock { $0 } == 2, "one sentence and its pause, then the check stops it")
        struct Full: Error {}
        #expect(throws: Full.self) {
            try voice.synthesize("A sentence.", language: "en-us", isCancelled: { false }) { _ in throw Full() }
        }
    }

    @Test(.enabled(if: installed, skipReason))
    func aLanguageTheVoiceDoesNotSpeakIsRefused() throws {
        let voice = try Self.voice.get()
        #expect(throws: SpeechError.noVoice(language: "de", available: ["en-us"])) {
            try voice.synthesize("Guten Tag.", language: "de", isCancelled: { false }) { _ in }
        }
        #expect(voice.language(for: "de-AT") == nil)
    }

    @Test(.enabled(if: installed, skipReason))
    func textWithNothingToSayGivesNoAudio() throws {
        let voice = try Self.voice.get()
        var count = 0
        try voice.synthesize(" … — !!! \n\n", language: "en-us", isCancelled: { false }) { _ in count += 1 }
        #expect(count == 0)
    }
}
