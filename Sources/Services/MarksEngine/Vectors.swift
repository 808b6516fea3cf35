/// Small vector helpers on `[Float]` used across the engine (inputs are unit length unless said otherwise).
enum Vectors {
    /// The dot product over the shorter of the two lengths (equal lengths are checked where vectors enter the engine).
    @inline(__always)
    static func dot(_ a: [Float], _ b: [Float]) -> Float {
        let count = min(a.count, b.count)
        return a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                var s0: Float = 0, s1: Float = 0, s2: Float = 0, s3: Float = 0
                var index = 0
                while index + 4 <= count {
                    s0 += x[index] * y[index]
                    s1 += x[index + 1] * y[index + 1]
                    s2 += x[index + 2] * y[index + 2]
                    s3 += x[index + 3] * y[index + 3]
                    index += 4
                }
                while index < count {
                    s0 += x[index] * y[index]
                    index += 1
                }
                return (s0 + s1) + (s2 + s3)
            }
        }
    }

    /// `vector` scaled to unit length; a zero or non-finite vector becomes all zeros.
    static func normalized(_ vector: [Float]) -> [Float] {
        var squares: Double = 0
        for value in vector { squares += Double(value) * Double(value) }
        let norm = squares.squareRoot()
        guard norm > 0, norm.isFinite else { return [Float](repeating: 0, count: vector.count) }
        let scale = Float(1 / norm)
        return vector.map { $0 * scale }
    }

    /// The normalised mean of `vectors` (all of length `dimension`); zeros when there are none.
    static func centroid(_ vectors: [[Float]], dimension: Int) -> [Float] {
        var sum = [Float](repeating: 0, count: dimension)
        for vector in vectors {
            for index in 0..<min(dimension, vector.count) { sum[index] += vector[index] }
        }
        return normalized(sum)
    }

    /// The symmetric matrix of pairwise dot products (cosines for unit vectors), row-major `count × count`.
    static func similarityMatrix(_ vectors: [[Float]]) -> [Float] {
        let count = vectors.count
        var matrix = [Float](repeating: 0, count: count * count)
        for row in 0..<count {
            matrix[row * count + row] = dot(vectors[row], vectors[row])
            for column in (row + 1)..<max(row + 1, count) {
                let value = dot(vectors[row], vectors[column])
                matrix[row * count + column] = value
                matrix[column * count + row] = value
            }
        }
        return matrix
    }
}
