import Testing
@testable import SentenceEmbeddings

struct LinearWeightsTests {
    /// Deterministic values in [-0.5, 0.5).
    private func values(_ count: Int, seed: UInt64) -> [Float] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(state >> 40) / Float(1 << 24) - 0.5
        }
    }

    private func product(_ weights: LinearWeights, rows: Int, input: [Float], start: [Float], accumulate: Bool) -> [Float] {
        var output = start
        let scratch = UnsafeMutablePointer<UInt16>.allocate(capacity: rows * weights.inputs)
        defer { scratch.deallocate() }
        input.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                guard let source = input.baseAddress, let target = output.baseAddress else { return }
                weights.apply(rows: rows, input: source, lda: weights.inputs, output: target, ldc: weights.outputs,
                              accumulate: accumulate, scratch: scratch)
            }
        }
        return output
    }

    // Row counts around the kernel's 12-row tile and 96-row block, both input widths of the model, both modes.
    @Test(.enabled(if: EmbeddingPrecision.bfloat16Supported, "this CPU has no AVX512-BF16"),
          arguments: [(1, 384), (11, 384), (12, 1536), (13, 384), (97, 1536), (200, 384)])
    func bfloat16ProductIsTheFloat32OneWithinRounding(rows: Int, inputs: Int) throws {
        try BLAS.load()
        let outputs = 64
        let weights = values(outputs * inputs, seed: 1)
        let exact = LinearWeights(weights, outputs: outputs, inputs: inputs, precision: .float32)
        let rounded = LinearWeights(weights, outputs: outputs, inputs: inputs, precision: .bfloat16)
        #expect(exact.precision == .float32 && rounded.precision == .bfloat16)
        let input = values(rows * inputs, seed: 2)
        let start = values(rows * outputs, seed: 3)
        for accumulate in [false, true] {
            let expected = product(exact, rows: rows, input: input, start: start, accumulate: accumulate)
            let actual = product(rounded, rows: rows, input: input, start: start, accumulate: accumulate)
            // bfloat16 keeps 8 bits of mantissa: each product is off by ≤ 2⁻⁸ relative, and the errors mostly cancel.
            let scale = (Float(inputs) / 12).squareRoot() / 2 // the typical size of a sum of `inputs` products
            let worst = zip(expected, actual).map { abs($0 - $1) }.max() ?? .infinity
            #expect(worst < scale * 0.02, "rows \(rows), inputs \(inputs), accumulate \(accumulate): \(worst)")
            #expect(worst > 0) // it did round: the bfloat16 path ran
        }
    }

    @Test func aRowIsTheSameWhateverTheBatch() throws {
        try BLAS.load()
        let inputs = 384
        let outputs = 96
        let weights = LinearWeights(values(outputs * inputs, seed: 4), outputs: outputs, inputs: inputs, precision: .fastest)
        let input = values(40 * inputs, seed: 5)
        let all = product(weights, rows: 40, input: input, start: [Float](repeating: 0, count: 40 * outputs), accumulate: false)
        let last = product(weights, rows: 1, input: Array(input[(39 * inputs)...]), start: [Float](repeating: 0, count: outputs),
                           accumulate: false)
        let batched = Array(all[(39 * outputs)...])
        if weights.precision == .bfloat16 {
            #expect(batched == last, "the bfloat16 kernel's tiles never change a row's sums")
        } else {
            // Without AVX512-BF16 it is OpenBLAS's sgemm, whose kernels for one row and for many add in different
            // orders: the same row to float32 rounding, not to the bit.
            let worst = zip(batched, last).map { abs($0 - $1) }.max() ?? 0
            #expect(batched.count == last.count && worst < 1e-4, "\(worst)")
        }
    }

    @Test func float32IsKeptWhenAskedForOrWhenTheShapeDoesNotTile() {
        #expect(LinearWeights(values(64 * 384, seed: 6), outputs: 64, inputs: 384, precision: .float32).precision == .float32)
        #expect(LinearWeights(values(40 * 384, seed: 7), outputs: 40, inputs: 384, precision: .bfloat16).precision == .float32)
        #expect(LinearWeights(values(64 * 3, seed: 8), outputs: 64, inputs: 3, precision: .bfloat16).precision == .float32)
    }
}
