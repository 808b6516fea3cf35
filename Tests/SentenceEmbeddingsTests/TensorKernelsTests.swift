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
}
