import CEncoderKernels
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

    private func product(_ weights: LinearWeights, rows: Int, input: [Float], start: [Float], accumulate: Bool,
                         epilogue: LinearWeights.Epilogue = .none) -> [Float] {
        var output = start
        let scratch = UnsafeMutablePointer<UInt16>.allocate(capacity: rows * weights.inputs)
        defer { scratch.deallocate() }
        input.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                guard let source = input.baseAddress, let target = output.baseAddress else { return }
                weights.apply(rows: rows, input: source, lda: weights.inputs, output: target, ldc: weights.outputs,
                              accumulate: accumulate, epilogue: epilogue, scratch: scratch)
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

    // The same shapes at int8 (and around its 48-row block): each row of the input and of the weights scaled to
    // −127…127, so a product of two values is off by about half a step of each, relative to that row's largest value;
    // the sums are exact.
    @Test(.enabled(if: EmbeddingPrecision.int8Supported, "this CPU has no AVX512-VNNI"),
          arguments: [(1, 384), (11, 384), (12, 1536), (13, 384), (48, 1536), (49, 384), (97, 1536), (200, 384)])
    func int8ProductIsTheFloat32OneWithinQuantisation(rows: Int, inputs: Int) throws {
        try BLAS.load()
        let outputs = 64
        var weights = values(outputs * inputs, seed: 1)
        weights.replaceSubrange(0..<inputs, with: repeatElement(0, count: inputs)) // a row of zeros has no step
        let exact = LinearWeights(weights, outputs: outputs, inputs: inputs, precision: .float32)
        let bytes = LinearWeights(weights, outputs: outputs, inputs: inputs, precision: .int8)
        #expect(exact.precision == .float32 && bytes.precision == .int8)
        var input = values(rows * inputs, seed: 2)
        input[inputs - 1] = 40 // an outlier: the first row's step is 80 times the others'
        let start = values(rows * outputs, seed: 3)
        for accumulate in [false, true] {
            let expected = product(exact, rows: rows, input: input, start: start, accumulate: accumulate)
            let actual = product(bytes, rows: rows, input: input, start: start, accumulate: accumulate)
            for row in 0..<rows {
                let line = input[(row * inputs)..<((row + 1) * inputs)]
                let step = (line.map(abs).max() ?? 0) / 127, weightStep: Float = 0.5 / 127
                // Each of `inputs` products is off by at most |a|·δw + |w|·δa + δa·δw (δ half a step); the errors are
                // independent, so their sum stays within a few times the square root of `inputs` such terms.
                let bound = (Float(inputs).squareRoot() * 4) * (0.5 * 0.5 * weightStep + 0.5 * 0.5 * step + 0.25 * step * weightStep)
                for column in 0..<outputs {
                    let index = row * outputs + column
                    #expect(abs(expected[index] - actual[index]) <= bound,
                            "row \(row), column \(column), inputs \(inputs), accumulate \(accumulate)")
                }
                // The zero row gives exactly the start (or zero).
                #expect(actual[row * outputs] == (accumulate ? start[row * outputs] : 0))
            }
            #expect(zip(expected, actual).contains { $0 != $1 }) // it did round: the int8 path ran
        }
    }

    /// A bias (and GELU) applied in the product's epilogue gives exactly what the separate passes over its output give,
    /// at every precision: the int8 product applies them in registers, the others after the product.
    @Test(arguments: [EmbeddingPrecision.float32, .fastest], [false, true])
    func theEpilogueIsTheSeparatePassesExactly(precision: EmbeddingPrecision, accumulate: Bool) throws {
        try BLAS.load()
        let inputs = 384, outputs = 96, rows = 29
        let weights = LinearWeights(values(outputs * inputs, seed: 6), outputs: outputs, inputs: inputs, precision: precision)
        let input = values(rows * inputs, seed: 7), start = values(rows * outputs, seed: 8)
        let bias = values(outputs, seed: 9).map { $0 * 4 }
        let plain = product(weights, rows: rows, input: input, start: start, accumulate: accumulate)
        var biased = plain, activated = plain
        biased.withUnsafeMutableBufferPointer { out in
            if let base = out.baseAddress { TensorKernels.addBias(rows: rows, width: outputs, data: base, bias: bias) }
        }
        activated.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            if weights.precision == .float32 {
                TensorKernels.biasGELU(rows: rows, width: outputs, data: base, bias: bias)
            } else {
                marks_avx512_bias_gelu(Int32(rows), Int32(outputs), base, bias)
            }
        }
        #expect(product(weights, rows: rows, input: input, start: start, accumulate: accumulate, epilogue: .bias(bias)) == biased)
        #expect(product(weights, rows: rows, input: input, start: start, accumulate: accumulate, epilogue: .biasGELU(bias))
                == activated)
        #expect(activated != biased && activated.contains { $0 < 0 } && activated.allSatisfy { $0 >= -0.2 }, "GELU ran")
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
        if weights.precision != .float32 {
            #expect(batched == last, "the bfloat16 and int8 kernels' tiles never change a row's sums")
        } else {
            // Without AVX-512 BF16 or VNNI it is OpenBLAS's sgemm, whose kernels for one row and for many add in different
            // orders: the same row to float32 rounding, not to the bit.
            let worst = zip(batched, last).map { abs($0 - $1) }.max() ?? 0
            #expect(batched.count == last.count && worst < 1e-4, "\(worst)")
        }
    }

    @Test func float32IsKeptWhenAskedForOrWhenTheShapeDoesNotTile() {
        #expect(LinearWeights(values(64 * 384, seed: 6), outputs: 64, inputs: 384, precision: .float32).precision == .float32)
        #expect(LinearWeights(values(40 * 384, seed: 7), outputs: 40, inputs: 384, precision: .bfloat16).precision == .float32)
        #expect(LinearWeights(values(64 * 3, seed: 8), outputs: 64, inputs: 3, precision: .bfloat16).precision == .float32)
        #expect(LinearWeights(values(40 * 384, seed: 7), outputs: 40, inputs: 384, precision: .int8).precision == .float32)
        #expect(LinearWeights(values(64 * 6, seed: 8), outputs: 64, inputs: 6, precision: .int8).precision == .float32)
    }
}
