/// Why the neural voice runtime or a model could not be used, in words a person can act on.
public enum NeuralVoiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A library file is not where the voice set-up puts it.
    case libraryMissing(path: String)
    /// `dlopen` refused the library (its message).
    case libraryUnloadable(path: String, reason: String)
    /// The library lacks a function this wrapper calls.
    case symbolMissing(String)
    /// The library is another sherpa-onnx version than the one whose structs this wrapper declares.
    case wrongVersion(found: String, expected: String)
    /// sherpa-onnx could not load the model (missing file, not a Piper/VITS model, bad tokens).
    case modelUnloadable(String)
    /// Generation failed.
    case generationFailed(String)

    public var description: String {
        switch self {
        case .libraryMissing(let path):
            "the sherpa-onnx runtime is not installed (\(path) is missing): run make voices, or marks podcast voices install joe --accept-licence"
        case .libraryUnloadable(let path, let reason): "the sherpa-onnx runtime at \(path) could not be loaded: \(reason)"
        case .symbolMissing(let name): "the sherpa-onnx runtime has no \(name) (a damaged or different library)"
        case .wrongVersion(let found, let expected):
            "the sherpa-onnx runtime is version \(found), but Marks needs \(expected): run the voice set-up again (make voices)"
        case .modelUnloadable(let reason): "the voice model could not be loaded: \(reason)"
        case .generationFailed(let reason): "speech generation failed: \(reason)"
        }
    }
}
