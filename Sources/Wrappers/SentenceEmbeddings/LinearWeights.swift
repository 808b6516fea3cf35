import CBFloat16Kernels

/// One linear layer's weights [outputs, inputs] (row-major, as PyTorch stores them) and its product: OpenBLAS's
/// float32 sgemm, or at `.bfloat16` the CBFloat16Kernels product over a packed bfloat16 copy (the float32 copy is then
/// not kept). Immutable after loading.
struct LinearWeights: Sendable {
    let outputs: Int
    let inputs: Int
    /// The precision the product runs at (float32 when bfloat16 was asked for but this CPU or shape cannot).
    let precision: EmbeddingPrecision
    private let floats: [Float]
    private let packed: [UInt16]

    init(_ weights: [Float], outputs: Int, inputs: Int, precision: EmbeddingPrecision) {
        self.outputs = outputs
        self.inputs = inputs
        let count = outputs * inputs
        if precision == .bfloat16, EmbeddingPrecision.bfloat16Supported, weights.count == count, count > 0,
           outputs % Int(MarksBF16TileColumns) == 0, inputs % 2 == 0 {
            packed = [UInt16](unsafeUninitializedCapacity: count) { buffer, initialized in
                weights.withUnsafeBufferPointer { source in
                    guard let target = buffer.baseAddress, let base = source.baseAddress else { return }
                    marks_bf16_pack(base, Int32(outputs), Int32(inputs), target)
                    initialized = count
                }
            }
        } else {
            packed = []
        }
        floats = packed.count == count ? [] : weights
        self.precision = packed.count == count ? .bfloat16 : .float32
    }

    /// output[rows, outputs] (row stride `ldc`) = input[rows, inputs] (row stride `lda`) · Wᵀ, added to what output
    /// holds when `accumulate`. `scratch` holds rows · inputs values (the bfloat16 product rounds its inputs there).
    func apply(rows: Int, input: UnsafePointer<Float>, lda: Int, output: UnsafeMutablePointer<Float>, ldc: Int,
               accumulate: Bool, scratch: UnsafeMutablePointer<UInt16>) {
        if precision == .bfloat16 {
            packed.withUnsafeBufferPointer { weights in
                guard let base = weights.baseAddress else { return }
                marks_bf16_gemm(Int32(rows), Int32(outputs), Int32(inputs), input, Int32(lda), base, output, Int32(ldc),
                                accumulate ? 1 : 0, scratch)
            }
        } else {
            BLAS.gemm(transposeB: true, m: rows, n: outputs, k: inputs, a: input, lda: lda, b: floats, ldb: inputs,
                      beta: accumulate ? 1 : 0, c: output, ldc: ldc)
        }
    }
}
