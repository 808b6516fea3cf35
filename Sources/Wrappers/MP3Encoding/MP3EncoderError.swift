/// Why LAME could not encode.
public enum MP3EncoderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The encoder could not be set up with these parameters.
    case setup(String)
    /// `lame_encode_buffer` or `lame_encode_flush` failed with this code (-1: buffer too small, -2: out of memory,
    /// -3: parameters not initialised, -4: psycho-acoustic problem).
    case encoding(Int)
    /// Samples after `finish()`.
    case finished
    /// The tag frame asked for before `finish()`.
    case notFinished

    public var description: String {
        switch self {
        case .setup(let reason): "MP3 encoder: \(reason)"
        case .encoding(let code): "MP3 encoder: LAME failed with code \(code)"
        case .finished: "MP3 encoder: samples after the end of the stream"
        case .notFinished: "MP3 encoder: the tag frame before the end of the stream"
        }
    }
}
