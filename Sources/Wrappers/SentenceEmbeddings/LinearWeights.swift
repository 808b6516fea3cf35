import CEncoderKernels

/// One linear layer's weights [outputs, inputs] (row-major, as PyTorch stores them) and its product: OpenBLAS's
/// float32 sgemm, or a CEncoderKernels product over a packed copy at `.bfloat16` or `.int8` (the float32 copy is then
/// not kept). Immutable after loading.
struct LinearWeights: Sendable {
    let outputs: Int
    let inputs: Int
    /// The precision the product runs at (float32 when another was asked for but this CPU or shape cannot).
    let precision: EmbeddingPrecision
    private let floats: [Float]
    private let packed: Packed

    /// What the product does to each output once it is summed: nothing, add a bias, or add a bias and take GELU. The int8
    /// product does it while the sums are in registers; the others in a pass over the output after it.
    enum Epilogue {
        case none
        case bias([Float])
        case biasGELU([Float])

        var bias: [Float]? {
            switch self {
            case .none: nil
            case .bias(let bias), .biasGELU(let bias): bias
            }
        }

        var gelu: Bool {
            if case .biasGELU = self { true } else { false }
        }
    }

    /// The reduced-precision copies of the weights.
    private enum Packed: Sendable {
        case none
        case bfloat16([UInt16])
        /// The bytes, each output row's step and its integer sum (`marks_i8_pack`).
        case int8([Int8], scales: [Float], sums: [Int32])
    }

    init(_ weights: [Float], outputs: Int, inputs: Int, precision: EmbeddingPrecision) {
        self.outputs = outputs
        self.inputs = inputs
        let count = outputs * inputs
        let fits = precision.supported && weights.count == count && count > 0
        if precision == .bfloat16, fits, outputs % Int(MarksBF16TileColumns) == 0, inputs % 2 == 0 {
            packed = .bfloat16([UInt16](unsafeUninitializedCapacity: count) { buffer, initialized in
                weights.withUnsafeBufferPointer { source in
                    guard let target = buffer.baseAddress, let base = source.baseAddress else { return }
                    marks_bf16_pack(base, Int32(outputs), Int32(inputs), target)
                    initialized = count
                }
            })
        } else if precision == .int8, fits, outputs % Int(MarksInt8TileColumns) == 0, inputs % 4 == 0, inputs >= 36 {
            var scales = [Float](repeating: 0, count: outputs)
            var sums = [Int32](repeating: 0, count: outputs)
            let bytes = [Int8](unsafeUninitializedCapacity: count) { buffer, initialized in
                weights.withUnsafeBufferPointer { source in
                    scales.withUnsafeMutableBufferPointer { scales in
                        sums.withUnsafeMutableBufferPointer { sums in
                            guard let target = buffer.baseAddress, let base = source.baseAddress,
                                  let scaleBase = scales.baseAddress, let sumBase = sums.baseAddress else { return }
                            marks_i8_pack(base, Int32(outputs), Int32(inputs), target, scaleBase, sumBase)
                            initialized = count
                        }
                    }
                }
            }
            packed = bytes.count == count ? .int8(bytes, scales: scales, sums: sums) : .none
        } else {
            packed = .none
        }
        switch packed {
        case .none:
            floats = weights
            self.precision = .float32
        case .bfloat16:
            floats = []
            self.precision = .bfloat16
        case .int8:
            floats = []
            self.precision = .int8
        }
    }

    /// output[rows, outputs] (row stride `ldc`) = input[rows, inputs] (row stride `lda`) · Wᵀ, added to what output
    /// holds when `accumulate`, then `epilogue` (the bias has `outputs` values; `ldc` is `outputs` when there is one).
    /// `scratch` holds rows · inputs values (the reduced-precision products round their inputs there).
    func apply(rows: Int, input: UnsafePointer<Float>, lda: Int, output: UnsafeMutablePointer<Float>, ldc: Int,
               accumulate: Bool, epilogue: Epilogue = .none, scratch: UnsafeMutablePointer<UInt16>) {
        switch packed {
        case .bfloat16(let weights):
            weights.withUnsafeBufferPointer { weights in
                guard let base = weights.baseAddress else { return }
                marks_bf16_gemm(Int32(rows), Int32(outputs), Int32(inputs), input, Int32(lda), base, output, Int32(ldc),
                                accumulate ? 1 : 0, scratch)
            }
            finish(rows: rows, output: output, epilogue: epilogue, vectorKernels: true)
        case .int8(let bytes, let scales, let sums):
            bytes.withUnsafeBufferPointer { bytes in
                scales.withUnsafeBufferPointer { scales in
                    sums.withUnsafeBufferPointer { sums in
                        (epilogue.bias ?? []).withUnsafeBufferPointer { bias in
                            guard let base = bytes.baseAddress, let scaleBase = scales.baseAddress,
                                  let sumBase = sums.baseAddress else { return }
                            // 2 · rows · inputs bytes: the quantised rows and their steps (CEncoderKernels.h).
                            let raw = UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: UInt8.self)
                            marks_i8_gemm(Int32(rows), Int32(outputs), Int32(inputs), input, Int32(lda), base, scaleBase,
                                          sumBase, output, Int32(ldc), accumulate ? 1 : 0,
                                          epilogue.bias == nil ? nil : bias.baseAddress, epilogue.gelu ? 1 : 0, raw)
                        }
                    }
                }
            }
        case .none:
            BLAS.gemm(transposeB: true, m: rows, n: outputs, k: inputs, a: input, lda: lda, b: floats, ldb: inputs,
                      beta: accumulate ? 1 : 0, c: output, ldc: ldc)
            finish(rows: rows, output: output, epilogue: epilogue, vectorKernels: false)
        }
    }

    /// The epilogue as a pass over the output (rows of `outputs`): AVX-512 beside a reduced-precision product, else
    /// Swift's float32 reference.
    private func finish(rows: Int, output: UnsafeMutablePointer<Float>, epilogue: Epilogue, vectorKernels: Bool) {
        switch epilogue {
        case .none:
            break
        case .bias(let bias):
            TensorKernels.addBias(rows: rows, width: outputs, data: output, bias: bias)
        case .biasGELU(let bias):
            if vectorKernels {
                marks_avx512_bias_gelu(Int32(rows), Int32(outputs), output, bias)
            } else {
                TensorKernels.biasGELU(rows: rows, width: outputs, data: output, bias: bias)
            }
        }
    }
}
