/// A run of 16-bit signed mono samples, the unit a `SpeechSynthesizer` hands to its sink.
public struct PCMChunk: Sendable, Equatable {
    /// The samples, in order.
    public var samples: [Int16]

    /// A chunk of `samples`.
    public init(samples: [Int16]) {
        self.samples = samples
    }

    /// `count` samples of silence.
    public static func silence(_ count: Int) -> PCMChunk {
        PCMChunk(samples: [Int16](repeating: 0, count: max(0, count)))
    }
}
