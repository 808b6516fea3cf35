/// Why a voice could not speak, in words a person can act on.
public enum SpeechError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The voice speaks no language that fits the text's.
    case noVoice(language: String, available: [String])
    /// The voice is not installed or cannot start (espeak-ng missing, a model file absent).
    case unavailable(String)
    /// The voice's engine crashed or answered nonsense; the reason says how.
    case failed(String)
    /// The voice took longer than its time limit and was stopped.
    case timedOut(seconds: Int)

    public var description: String {
        switch self {
        case .noVoice(let language, let available):
            let list = available.prefix(12).joined(separator: ", ")
            return "No installed voice speaks \"\(language.prefix(40))\" (available: \(list)\(available.count > 12 ? ", …" : "")). Send the text with a language a voice speaks, or install one."
        case .unavailable(let reason): return "The voice is not available: \(reason)"
        case .failed(let reason): return "The voice failed: \(reason)"
        case .timedOut(let seconds): return "The voice took longer than \(seconds) s and was stopped."
        }
    }
}
