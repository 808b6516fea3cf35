/// Element-wise kernels for the encoder: bias, layer norm, GELU and softmax over row-major buffers.
/// Inner loops run on `SIMD16<Float>` with a scalar tail, so any width works.
enum TensorKernels {
    typealias Vector = SIMD16<Float>
    static let lanes = Vector.scalarCount

    @inline(__always)
    static func load(_ pointer: UnsafePointer<Float>) -> Vector {
        UnsafeRawPointer(pointer).loadUnaligned(as: Vector.self)
    }

    @inline(__always)
    static func store(_ value: Vector, _ pointer: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: value, as: Vector.self)
    }

    /// Adds `bias` (length `width`) to each of `rows` rows.
    static func addBias(rows: Int, width: Int, data: UnsafeMutablePointer<Float>, bias: UnsafePointer<Float>) {
        for row in 0..<rows {
            let line = data + row * width
            var index = 0
            while index + lanes <= width {
                store(load(line + index) + load(bias + index), line + index)
                index += lanes
            }
            while index < width {
                line[index] += bias[index]
                index += 1
            }
        }
    }

    /// Per row: x += bias, then x = (x − mean) / √(variance + ε) · gamma + beta.
    static func biasLayerNorm(
        rows: Int, width: Int, data: UnsafeMutablePointer<Float>, bias: UnsafePointer<Float>?,
        gamma: UnsafePointer<Float>, beta: UnsafePointer<Float>, epsilon: Float
    ) {
        if let bias { addBias(rows: rows, width: width, data: data, bias: bias) }
        let count = Float(width)
        for row in 0..<rows {
            let line = data + row * width
            var sums = Vector()
            var tail: Float = 0
            var index = 0
            while index + lanes <= width {
                sums += load(line + index)
                index += lanes
            }
            while index < width { tail += line[index]; index += 1 }
            let mean = (sums.sum() + tail) / count
            let meanVector = Vector(repeating: mean)
            var squares = Vector()
            tail = 0
            index = 0
            while index + lanes <= width {
                let centred = load(line + index) - meanVector
                squares += centred * centred
                index += lanes
            }
            while index < width { let centred = line[index] - mean; tail += centred * centred; index += 1 }
            let scale = 1 / (((squares.sum() + tail) / count) + epsilon).squareRoot()
            let scaleVector = Vector(repeating: scale)
            index = 0
            while index + lanes <= width {
                let normal = (load(line + index) - meanVector) * scaleVector
                store(normal * load(gamma + index) + load(beta + index), line + index)
                index += lanes
            }
            while index < width {
                line[index] = (line[index] - mean) * scale * gamma[index] + beta[index]
                index += 1
            }
        }
    }

    /// Per row: x = GELU(x + bias) with the exact (erf) GELU.
    static func biasGELU(rows: Int, width: Int, data: UnsafeMutablePointer<Float>, bias: UnsafePointer<Float>) {
        let half = Vector(repeating: 0.5)
        let one = Vector(repeating: 1)
        let invSqrt2 = Vector(repeating: 0.70710678118654752)
        for row in 0..<rows {
            let line = data + row * width
            var index = 0
            while index + lanes <= width {
                let x = load(line + index) + load(bias + index)
                store(half * x * (one + erf(x * invSqrt2)), line + index)
                index += lanes
            }
            while index < width {
                let x = Vector(repeating: line[index] + bias[index])
                line[index] = (half * x * (one + erf(x * invSqrt2)))[0]
                index += 1
            }
        }
    }

    /// Softmax of each of `rows` rows of length `width` (stride `stride`), in place.
    static func softmax(rows: Int, width: Int, stride: Int, data: UnsafeMutablePointer<Float>) {
        for row in 0..<rows {
            let line = data + row * stride
            var maximum = -Float.infinity
            for index in 0..<width { maximum = max(maximum, line[index]) }
            let maxVector = Vector(repeating: maximum)
            var sums = Vector()
            var tail: Float = 0
            var index = 0
            while index + lanes <= width {
                let value = exp(load(line + index) - maxVector)
                store(value, line + index)
                sums += value
                index += lanes
            }
            while index < width {
                let value = exp(Vector(repeating: line[index] - maximum))[0]
                line[index] = value
                tail += value
                index += 1
            }
            let scale = 1 / (sums.sum() + tail)
            for index in 0..<width { line[index] *= scale }
        }
    }

    /// erf(x), single precision, from a rational approximation on [−4, 4] (erf is ±1 in float beyond).
    @inline(__always)
    static func erf(_ input: Vector) -> Vector {
        let x = input.clamped(lowerBound: Vector(repeating: -4), upperBound: Vector(repeating: 4))
        let x2 = x * x
        var p = x2 * Vector(repeating: -2.72614225801306e-10) + Vector(repeating: 2.77068142495902e-08)
        p = x2 * p + Vector(repeating: -2.10102402082508e-06)
        p = x2 * p + Vector(repeating: -5.69250639462346e-05)
        p = x2 * p + Vector(repeating: -7.34990630326855e-04)
        p = x2 * p + Vector(repeating: -2.95459980854025e-03)
        p = x2 * p + Vector(repeating: -1.60960333262415e-02)
        p = x * p
        var q = x2 * Vector(repeating: -1.45660718464996e-05) + Vector(repeating: -2.13374055278905e-04)
        q = x2 * q + Vector(repeating: -1.68282697438203e-03)
        q = x2 * q + Vector(repeating: -7.37332916720468e-03)
        q = x2 * q + Vector(repeating: -1.42647390514189e-02)
        return p / q
    }

    /// eˣ, single precision (Cephes-style range reduction and polynomial; underflows to 0 below −87).
    @inline(__always)
    static func exp(_ input: Vector) -> Vector {
        let x = input.clamped(lowerBound: Vector(repeating: -87.3), upperBound: Vector(repeating: 88.3))
        // Round x·log2(e) to the nearest integer n with the 1.5·2²³ trick; n lands in the low mantissa bits.
        let magic = Vector(repeating: 12_582_912)
        let shifted = x * Vector(repeating: 1.44269504088896341) + magic
        let n = shifted - magic
        var r = x - n * Vector(repeating: 0.693359375)
        r = r - n * Vector(repeating: -2.12194440e-4)
        var y = Vector(repeating: 1.9875691500e-4)
        y = y * r + Vector(repeating: 1.3981999507e-3)
        y = y * r + Vector(repeating: 8.3334519073e-3)
        y = y * r + Vector(repeating: 4.1665795894e-2)
        y = y * r + Vector(repeating: 1.6666665459e-1)
        y = y * r + Vector(repeating: 5.0000001201e-1)
        y = y * r * r + r + Vector(repeating: 1)
        let bits = unsafeBitCast(shifted, to: SIMD16<Int32>.self) &- Int32(0x4B40_0000) // n as an integer
        let power = unsafeBitCast((bits &+ 127) &<< 23, to: Vector.self)
        return y * power
    }
}
