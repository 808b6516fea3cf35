import CBFloat16Kernels

/// The arithmetic of the model's linear layers (attention, layer norms and pooling are float32 either way).
public enum EmbeddingPrecision: String, Sendable, Equatable {
    /// OpenBLAS's float32 sgemm: the reference (within 1e-4 of sentence-transformers per component).
    case float32
    /// Inputs and weights rounded to bfloat16, products summed in float32 (AVX512-BF16): about twice as fast as
    /// float32 here, vectors within cosine 0.9999 of it.
    case bfloat16

    /// True when this CPU runs the bfloat16 kernels.
    public static let bfloat16Supported = marks_bf16_supported() != 0

    /// The fastest this CPU runs: bfloat16 where it has AVX512-BF16, float32 elsewhere.
    public static var fastest: EmbeddingPrecision { bfloat16Supported ? .bfloat16 : .float32 }
}
