import CEncoderKernels
import Foundation
import Testing
@testable import SentenceEmbeddings

struct TensorKernelsTests {
    @Test func erfMatchesTheLibraryFunction() {
        var worst: Double = 0
        for step in -6000...6000 {
            let x = Float(step) / 1000
            worst = max(worst, abs(Double(TensorKernels.erf(x)) - Foundation.erf(Double(x))))
        }
        #expect(worst < 5e-7) // a few float ulps
        #expect(TensorKernels.erf(100) == 1)
        #expect(TensorKernels.erf(-100) == -1)
    }

    @Test func expMatchesTheLibraryFunction() {
        var worst: Double = 0
        for step in -8600...8600 {
            let x = Float(step) / 100
            let exact = Foundation.exp(Double(x))
            worst = max(worst, abs(Double(TensorKernels.exp(x)) - exact) / exact)
        }
        #expect(worst < 5e-7)
        #expect(TensorKernels.exp(-1000) < 1e-37)
        #expect(TensorKernels.exp(0) == 1)
    }

    @Test func softmaxRowsSumToOneAndKeepOrder() {
        var data: [Float] = [1, 2, 3, 0, -1000, 1000, 5, 5, 5, 5]
        data.withUnsafeMutableBufferPointer { buffer in
            // Two rows of four with a stride of five; the fifth column of each row is left alone.
            if let base = buffer.baseAddress { TensorKernels.softmax(rows: 2, width: 4, stride: 5, data: base) }
        }
        #expect(abs(data[0..<4].reduce(0, +) - 1) < 1e-6)
        #expect(data[0] < data[1] && data[1] < data[2])
        #expect(data[4] == -1000)
        #expect(abs(data[5] - 1) < 1e-6 && data[6] < 1e-30)
        #expect(abs(data[5..<9].reduce(0, +) - 1) < 1e-6)
    }

    @Test(arguments: [7, 16, 384, 391])
    func layerNormMatchesADoublePrecisionReference(width: Int) {
        let row = (0..<width).map { Float(sin(Double($0) * 1.7)) * 3 + 0.5 }
        let bias = (0..<width).map { Float($0 % 5) * 0.1 }
        let gamma = (0..<width).map { 1 + Float($0 % 3) * 0.5 }
        let beta = (0..<width).map { Float($0 % 7) * -0.2 }
        var data = row
        data.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress {
                TensorKernels.biasLayerNorm(rows: 1, width: width, data: base, bias: bias, gamma: gamma, beta: beta, epsilon: 1e-12)
            }
        }
        let shifted = zip(row, bias).map { Double($0) + Double($1) }
        let mean = shifted.reduce(0, +) / Double(width)
        let variance = shifted.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(width)
        for index in 0..<width {
            let expected = (shifted[index] - mean) / (variance + 1e-12).squareRoot() * Double(gamma[index]) + Double(beta[index])
            #expect(abs(Double(data[index]) - expected) < 1e-5)
        }
    }

    @Test func geluIsExactGELU() {
        let inputs: [Float] = [-5, -1, -0.1, 0, 0.3, 1, 2.5, 8]
        var data = inputs
        let bias = [Float](repeating: 0, count: inputs.count)
        data.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { TensorKernels.biasGELU(rows: 1, width: inputs.count, data: base, bias: bias) }
        }
        for (input, output) in zip(inputs, data) {
            let x = Double(input)
            #expect(abs(Double(output) - 0.5 * x * (1 + Foundation.erf(x / 2.0.squareRoot()))) < 1e-6)
        }
    }

    // The AVX-512 copies the model runs with its bfloat16 layers (CEncoderKernels), against the Swift ones: the same
    // arithmetic up to the order of the sums, on widths with and without a partial last vector.

    @Test(.enabled(if: EmbeddingPrecision.avx512Supported, "this CPU has no AVX-512"), arguments: [7, 16, 40, 384, 391])
    func vectorLayerNormMatchesTheSwiftOne(width: Int) {
        let rows = 3
        let input = (0..<(rows * width)).map { Float(sin(Double($0) * 1.7)) * 3 + 0.5 }
        let bias = (0..<width).map { Float($0 % 5) * 0.1 }
        let gamma = (0..<width).map { 1 + Float($0 % 3) * 0.5 }
        let beta = (0..<width).map { Float($0 % 7) * -0.2 }
        for withBias in [true, false] {
            var swift = input, vector = input
            swift.withUnsafeMutableBufferPointer { buffer in
                if let base = buffer.baseAddress {
                    TensorKernels.biasLayerNorm(rows: rows, width: width, data: base, bias: withBias ? bias : nil, gamma: gamma,
                                                beta: beta, epsilon: 1e-12)
                }
            }
            vector.withUnsafeMutableBufferPointer { buffer in
                if let base = buffer.baseAddress {
                    if withBias {
                        marks_avx512_bias_layernorm(Int32(rows), Int32(width), base, bias, gamma, beta, 1e-12)
                    } else {
                        marks_avx512_bias_layernorm(Int32(rows), Int32(width), base, nil, gamma, beta, 1e-12)
                    }
                }
            }
            for (a, b) in zip(swift, vector) { #expect(abs(a - b) < 2e-5, "width \(width), bias \(withBias): \(a) vs \(b)") }
        }
    }

    @Test(.enabled(if: EmbeddingPrecision.avx512Supported, "this CPU has no AVX-512"), arguments: [1, 5, 16, 17, 64, 130])
    func vectorSoftmaxMatchesTheSwiftOne(width: Int) {
        let rows = 4, stride = width + 3
        let input = (0..<(rows * stride)).map { Float(cos(Double($0) * 0.37)) * 9 }
        var swift = input, vector = input
        swift.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { TensorKernels.softmax(rows: rows, width: width, stride: stride, data: base) }
        }
        vector.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { marks_avx512_softmax(Int32(rows), Int32(width), Int32(stride), base) }
        }
        for (index, (a, b)) in zip(swift, vector).enumerated() {
            #expect(abs(a - b) < 1e-6, "width \(width), value \(index): \(a) vs \(b)")
            if index % stride >= width { #expect(b == input[index], "outside the rows nothing is written") }
        }
    }

    /// The model's head of 32 (eight queries at a time) and another size (the one-row path), over partial blocks.
    @Test(.enabled(if: EmbeddingPrecision.avx512Supported, "this CPU has no AVX-512"), arguments: [1, 5, 8, 9, 16, 23, 40, 130], [32, 64])
    func vectorAttentionMatchesADoublePrecisionReference(length: Int, headSize: Int) {
        let heads = 3, hidden = heads * headSize, stride = 3 * hidden + 5
        let qkv = (0..<(length * stride)).map { Float(sin(Double($0) * 0.61)) * 1.5 }
        var context = [Float](repeating: -7, count: length * (hidden + 2))
        var scratch = [Float](repeating: .nan, count: (2 * headSize + 1) * ((length + 15) / 16 * 16))
        let scale = 1 / Float(headSize).squareRoot()
        context.withUnsafeMutableBufferPointer { out in
            scratch.withUnsafeMutableBufferPointer { work in
                if let target = out.baseAddress, let space = work.baseAddress {
                    marks_avx512_attention(Int32(length), Int32(heads), Int32(headSize), qkv, Int32(stride), target, Int32(hidden + 2),
                                         scale, space)
                }
            }
        }
        for head in 0..<heads {
            for i in 0..<length {
                let scores = (0..<length).map { j in
                    (0..<headSize).reduce(0.0) { sum, d in
                        sum + Double(qkv[i * stride + head * headSize + d]) * Double(qkv[j * stride + hidden + head * headSize + d])
                    } * Double(scale)
                }
                let top = scores.max() ?? 0
                let weights = scores.map { Foundation.exp($0 - top) }
                let total = weights.reduce(0, +)
                for d in 0..<headSize {
                    let expected = (0..<length).reduce(0.0) { sum, j in
                        sum + weights[j] / total * Double(qkv[j * stride + 2 * hidden + head * headSize + d])
                    }
                    #expect(abs(Double(context[i * (hidden + 2) + head * headSize + d]) - expected) < 1e-5)
                }
            }
        }
        for i in 0..<length { #expect(context[i * (hidden + 2) + hidden] == -7, "the row's padding is left alone") }
    }
}
