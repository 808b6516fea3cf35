/// Element-wise kernels for the encoder: bias, layer norm, GELU and softmax over row-major buffers.
///
/// Element-wise loops are plain scalar code over pointers, which LLVM vectorises; reductions use
/// explicit `SIMD8<Float>` accumulators (the optimiser may not reorder float sums by itself).
enum TensorKernels {
    /// The sum of `count` floats.
    @inline(__always)
    static func sum(_ data: UnsafePointer<Float>, count: Int) -> Float {
        var lanes = SIMD8<Float>()
        var index = 0
        while index + 8 <= count {
            lanes += UnsafeRawPointer(data + index).loadUnaligned(as: SIMD8<Float>.self)
            index += 8
        }
        var tail: Float = 0
        while index < count {
            tail += data[index]
            index += 1
        }
        return lanes.sum() + tail
    }

    /// The sum of (x − mean)² over `count` floats.
    @inline(__always)
    static func squaredDeviation(_ data: UnsafePointer<Float>, count: Int, mean: Float) -> Float {
        let centre = SIMD8<Float>(repeating: mean)
        var lanes = SIMD8<Float>()
        var index = 0
        while index + 8 <= count {
            let centred = UnsafeRawPointer(data + index).loadUnaligned(as: SIMD8<Float>.self) - centre
            lanes += centred * centred
            index += 8
        }
        var tail: Float = 0
        while index < count {
            let centred = data[index] - mean
            tail += centred * centred
            index += 1
        }
        return lanes.sum() + tail
    }

    /// Adds `bias` (length `width`) to each of `rows` rows.
    static func addBias(rows: Int, width: Int, data: UnsafeMutablePointer<Float>, bias: UnsafePointer<Float>) {
        for row in 0..<rows {
            let line = data + row * width
            for index in 0..<width { line[index] += bias[index] }
        }
    }

    /// Per row: x += bias (when given), then x = (x − mean) / √(variance + ε) · gamma + beta.
    static func biasLayerNorm(
        rows: Int, width: Int, data: UnsafeMutablePointer<Float>, bias: UnsafePointer<Float>?,
        gamma: UnsafePointer<Float>, beta: UnsafePointer<Float>, epsilon: Float
    ) {
        let count = Float(width)
        for row in 0..<rows {
            let line = data + row * width
            if let bias {
                for index in 0..<width { line[index] += bias[index] }
            }
            let mean = sum(line, count: width) / count
            let variance = squaredDeviation(line, count: width, mean: mean) / count
            let scale = 1 / (variance + epsilon).squareRoot()
            for index in 0..<width {
                line[index] = (line[index] - mean) * scale * gamma[index] + beta[index]
            }
        }
    }

    /// Per row: x = GELU(x + bias), the exact GELU 0.5·x·(1 + erf(x/√2)).
    static func biasGELU(rows: Int, width: Int, data: UnsafeMutablePointer<Float>, bias: UnsafePointer<Float>) {
        for row in 0..<rows {
            let line = data + row * width
            for index in 0..<width {
                let x = line[index] + bias[index]
                line[index] = 0.5 * x * (1 + erf(x * 0.70710678118654752))
            }
        }
    }

    /// Softmax of each of `rows` rows of length `width` (rows `stride` apart), in place.
    static func softmax(rows: Int, width: Int, stride: Int, data: UnsafeMutablePointer<Float>) {
        for row in 0..<rows {
            let line = data + row * stride
            var maximum = -Float.infinity
            for index in 0..<width where line[index] > maximum { maximum = line[index] }
            for index in 0..<width { line[index] = exp(line[index] - maximum) }
            let scale = 1 / sum(line, count: width)
            for index in 0..<width { line[index] *= scale }
        }
    }

    /// erf(x) in single precision: Eigen's rational approximation on [−4, 4] (erf is ±1 in float beyond).
    @inline(__always)
    static func erf(_ input: Float) -> Float {
        let x = Swift.min(Swift.max(input, -4), 4)
        let x2 = x * x
        var p: Float = x2 * -2.72614225801306e-10 + 2.77068142495902e-08
        p = x2 * p + -2.10102402082508e-06
        p = x2 * p + -5.69250639462346e-05
        p = x2 * p + -7.34990630326855e-04
        p = x2 * p + -2.95459980854025e-03
        p = x2 * p + -1.60960333262415e-02
        var q: Float = x2 * -1.45660718464996e-05 + -2.13374055278905e-04
        q = x2 * q + -1.68282697438203e-03
        q = x2 * q + -7.37332916720468e-03
        q = x2 * q + -1.42647390514189e-02
        return x * p / q
    }

    /// eˣ in single precision: Cephes-style range reduction and polynomial; 0 below about −87.
    @inline(__always)
    static func exp(_ input: Float) -> Float {
        let x = Swift.min(Swift.max(input, -87.3), 88.3)
        // Round x·log2(e) to an integer n with the 1.5·2²³ trick: n lands in the low mantissa bits.
        let shifted = x * 1.44269504088896341 + 12_582_912
        let n = shifted - 12_582_912
        var r = x - n * 0.693359375
        r = r - n * -2.12194440e-4
        var y: Float = 1.9875691500e-4
        y = y * r + 1.3981999507e-3
        y = y * r + 8.3334519073e-3
        y = y * r + 4.1665795894e-2
        y = y * r + 1.6666665459e-1
        y = y * r + 5.0000001201e-1
        y = y * r * r + r + 1
        let power = Float(bitPattern: (shifted.bitPattern &- 0x4B40_0000 &+ 127) &<< 23)
        return y * power
    }
}
