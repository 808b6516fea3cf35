import CEncoderKernels

/// The arithmetic of the model's linear layers (attention, layer norms and pooling are float32 either way).
public enum EmbeddingPrecision: String, Sendable, Equatable {
    /// OpenBLAS's float32 sgemm: the reference (within 1e-4 of sentence-transformers per component).
    case float32
    /// Inputs and weights rounded to bfloat16, products summed in float32 (AVX512-BF16): about twice as fast as
    /// float32 here, vectors within cosine 0.9999 of it.
    case bfloat16
    /// Each input row and each weight row scaled to 8-bit integers, products summed exactly in int32 (AVX512-VNNI).
    case int8

    /// True when this CPU runs the element-wise AVX-512 kernels the reduced precisions run beside their products.
    public static let avx512Supported = marks_avx512_supported() != 0

    /// True when this CPU runs the bfloat16 kernels.
    public static let bfloat16Supported = marks_bf16_supported() != 0

    /// True when this CPU runs the int8 kernels.
    public static let int8Supported = marks_vnni_supported() != 0

    /// The fastest this CPU runs: bfloat16 where it has AVX512-BF16, int8 where it has AVX512-VNNI, float32 elsewhere.
    public static var fastest: EmbeddingPrecision { bfloat16Supported ? .bfloat16 : (int8Supported ? .int8 : .float32) }

    /// Whether this CPU runs `self`'s product.
    var supported: Bool {
        switch self {
        case .float32: true
        case .bfloat16: Self.bfloat16Supported
        case .int8: Self.int8Supported
        }
    }
}
