import CSherpaOnnx
import Foundation
import SystemSupport

/// sherpa-onnx's C API, loaded at run time with `dlopen` from the directory the voice set-up installs it in
/// (`libonnxruntime.so` first, then `libsherpa-onnx-c-api.so`), so Marks builds and runs without it. Only the
/// functions `VITSModel` calls are resolved; the version must be the one the declarations in CSherpaOnnx match.
/// The libraries stay loaded for the life of the process (unloading onnxruntime with live threads is unsafe).
// @unchecked Sendable: every stored property is immutable (a version string and C function pointers into a library
// that is never unloaded), so sharing it across threads is safe.
public final class SherpaOnnxRuntime: @unchecked Sendable {
    /// The sherpa-onnx version whose struct layouts CSherpaOnnx declares.
    public static let expectedVersion = "2.0.1"

    /// The version string the loaded library reports.
    public let version: String
    let createTTS: MarksSherpaCreateOfflineTts
    let destroyTTS: MarksSherpaDestroyOfflineTts
    let sampleRate: MarksSherpaOfflineTtsSampleRate
    let generate: MarksSherpaOfflineTtsGenerateWithConfig
    let destroyAudio: MarksSherpaDestroyOfflineTtsGeneratedAudio

    /// Loads the runtime from `libraryDirectory` (holding `libsherpa-onnx-c-api.so` and `libonnxruntime.so`).
    public init(libraryDirectory: URL) throws(NeuralVoiceError) {
        let onnxruntime = libraryDirectory.appendingPathComponent("libonnxruntime.so").path
        let api = libraryDirectory.appendingPathComponent("libsherpa-onnx-c-api.so").path
        for path in [onnxruntime, api] where !FileManager.default.fileExists(atPath: path) {
            throw .libraryMissing(path: path)
        }
        _ = try Self.open(onnxruntime)
        let handle = try Self.open(api)
        let getVersion: MarksSherpaGetVersionStr = try Self.symbol(handle, "SherpaOnnxGetVersionStr")
        let version = getVersion().map { String(cString: $0) } ?? ""
        guard version == Self.expectedVersion else { throw .wrongVersion(found: version.isEmpty ? "unknown" : version, expected: Self.expectedVersion) }
        self.version = version
        createTTS = try Self.symbol(handle, "SherpaOnnxCreateOfflineTts")
        destroyTTS = try Self.symbol(handle, "SherpaOnnxDestroyOfflineTts")
        sampleRate = try Self.symbol(handle, "SherpaOnnxOfflineTtsSampleRate")
        generate = try Self.symbol(handle, "SherpaOnnxOfflineTtsGenerateWithConfig")
        destroyAudio = try Self.symbol(handle, "SherpaOnnxDestroyOfflineTtsGeneratedAudio")
    }

    private static func open(_ path: String) throws(NeuralVoiceError) -> SharedLibrary {
        do throws(SharedLibrary.Failure) {
            return try SharedLibrary(path, global: true)
        } catch {
            switch error {
            case .unloadable(_, let reason): throw .libraryUnloadable(path: path, reason: reason)
            case .symbolMissing(let name): throw .symbolMissing(name)
            }
        }
    }

    private static func symbol<T>(_ library: SharedLibrary, _ name: String) throws(NeuralVoiceError) -> T {
        do throws(SharedLibrary.Failure) {
            return try library.function(name)
        } catch {
            throw .symbolMissing(name)
        }
    }
}
