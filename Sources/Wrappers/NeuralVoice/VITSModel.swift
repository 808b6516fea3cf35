import CSherpaOnnx
import Foundation
import Synchronization

/// One Piper (VITS) voice model loaded in sherpa-onnx: turns sentences of phoneme codepoints (IPA from espeak-ng;
/// since 2.0.0 sherpa-onnx does not phonemise) into float samples at `sampleRate`. The handle is freed in
/// `deinit`; calls are serialised (one synthesis at a time: the model uses `threads` cores).
public final class VITSModel: Sendable {
    /// How the model speaks (Piper's inference settings from the voice's config).
    public struct Settings: Sendable, Equatable {
        public var noiseScale: Float
        public var noiseScaleW: Float
        public var lengthScale: Float
        /// onnxruntime threads.
        public var threads: Int

        /// Settings (Piper's defaults: 0.667, 0.8, 1.0; two threads).
        public init(noiseScale: Float = 0.667, noiseScaleW: Float = 0.8, lengthScale: Float = 1, threads: Int = 2) {
            self.noiseScale = noiseScale
            self.noiseScaleW = noiseScaleW
            self.lengthScale = lengthScale
            self.threads = threads
        }
    }

    /// Samples per second of the audio it makes.
    public let sampleRate: Int
    private let runtime: SherpaOnnxRuntime
    private let handle: Mutex<Handle>

    /// The C handle; only touched under `handle`'s lock.
    private struct Handle: @unchecked Sendable { // a C pointer used only under the Mutex that holds it
        let pointer: OpaquePointer
    }

    /// Loads `model` (an ONNX file with Piper/VITS metadata) and its `tokens` file.
    public init(runtime: SherpaOnnxRuntime, model: URL, tokens: URL, settings: Settings = Settings()) throws(NeuralVoiceError) {
        for file in [model, tokens] where !FileManager.default.fileExists(atPath: file.path) {
            throw .modelUnloadable("\(file.path) is missing")
        }
        let created: OpaquePointer? = model.path.withCString { modelPath in
            tokens.path.withCString { tokensPath in
                "".withCString { empty in
                    "cpu".withCString { provider in
                        var config = MarksSherpaOfflineTtsConfig()
                        config.model.vits.model = modelPath
                        config.model.vits.tokens = tokensPath
                        config.model.vits.lexicon = empty
                        config.model.vits.data_dir = empty
                        config.model.vits.dict_dir = empty
                        config.model.vits.noise_scale = settings.noiseScale
                        config.model.vits.noise_scale_w = settings.noiseScaleW
                        config.model.vits.length_scale = settings.lengthScale
                        config.model.num_threads = Int32(max(1, settings.threads))
                        config.model.debug = 0
                        config.model.provider = provider
                        config.max_num_sentences = 1
                        config.silence_scale = 0.2
                        return runtime.createTTS(&config)
                    }
                }
            }
        }
        guard let created else {
            throw .modelUnloadable("sherpa-onnx refused \(model.lastPathComponent) (not a Piper voice with its metadata, or tokens.txt does not match)")
        }
        self.runtime = runtime
        self.sampleRate = Int(runtime.sampleRate(created))
        self.handle = Mutex(Handle(pointer: created))
    }

    deinit {
        handle.withLock { runtime.destroyTTS($0.pointer) }
    }

    /// Speaks `sentences` (each a non-empty array of Unicode codepoints, e.g. IPA with punctuation) at `speed`
    /// (1 normal), returning float samples in [-1, 1]; sherpa-onnx puts `silenceScale`-scaled pauses between them.
    public func generate(sentences: [[Int32]], speed: Float = 1, silenceScale: Float = 0.2) throws(NeuralVoiceError) -> [Float] {
        let kept = sentences.filter { !$0.isEmpty }
        guard !kept.isEmpty else { return [] }
        let flat = kept.flatMap { $0 }
        let lengths = kept.map { Int32($0.count) }
        let result: [Float]? = handle.withLock { handle in
            flat.withUnsafeBufferPointer { codepoints in
                lengths.withUnsafeBufferPointer { lens in
                    "".withCString { empty in
                        var config = MarksSherpaGenerationConfig()
                        config.silence_scale = silenceScale
                        config.speed = speed
                        config.sid = 0
                        config.phoneme_codepoints = codepoints.baseAddress
                        config.phoneme_codepoints_lens = lens.baseAddress
                        config.phoneme_codepoints_num_sentences = Int32(lens.count)
                        guard let audio = runtime.generate(handle.pointer, empty, &config, nil, nil) else { return nil }
                        defer { runtime.destroyAudio(audio) }
                        let count = Int(max(0, audio.pointee.n))
                        guard count > 0, let samples = audio.pointee.samples else { return [] }
                        return Array(UnsafeBufferPointer(start: samples, count: count))
                    }
                }
            }
        }
        guard let result else { throw .generationFailed("sherpa-onnx returned no audio (phonemes the voice does not know?)") }
        return result
    }
}
