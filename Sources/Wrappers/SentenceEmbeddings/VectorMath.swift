/// Small vector helpers for embeddings and exact nearest-neighbour search over a flat matrix.
public enum VectorMath {
    /// Rows scored per BLAS call in the top-k scan; keeps the score buffer in cache.
    static let blockRows = 4096

    /// The dot product of two vectors of the same length.
    public static func dot(_ a: [Float], _ b: [Float]) throws -> Float {
        guard a.count == b.count else { throw EmbeddingError.dimensionMismatch(expected: a.count, found: b.count) }
        var sum: Float = 0
        for index in a.indices { sum += a[index] * b[index] }
        return sum
    }

    /// `vector` scaled to unit length; a zero (or non-finite) vector comes back unchanged.
    public static func normalized(_ vector: [Float]) -> [Float] {
        var copy = vector
        normalize(&copy)
        return copy
    }

    /// Scales `vector` to unit length in place; a zero (or non-finite) vector is left as it is.
    public static func normalize(_ vector: inout [Float]) {
        var squares: Double = 0
        for value in vector { squares += Double(value) * Double(value) }
        let norm = squares.squareRoot()
        guard norm > 0, norm.isFinite else { return }
        let scale = Float(1 / norm)
        for index in vector.indices { vector[index] *= scale }
    }

    /// For each of the `count` rows of `rows` (row-major, `dimension` columns), the row of `centres` (`k` rows of
    /// `dimension`) with the largest dot product, and that product; ties go to the lower centre. The products are one
    /// matrix product per block of rows (OpenBLAS), not a loop of dot products: k-means over a 100k library assigns
    /// every bookmark to one of 300 centres this way. Throws when OpenBLAS cannot be loaded or the sizes disagree.
    public static func nearestCentres(rows: [Float], count: Int, centres: [Float], k: Int, dimension: Int) throws
        -> (index: [Int], score: [Float]) {
        guard dimension > 0, count >= 0, k > 0, rows.count == count * dimension, centres.count == k * dimension else {
            throw EmbeddingError.invalidMatrix(count: rows.count, dimension: dimension)
        }
        try BLAS.load()
        var index = [Int](repeating: 0, count: count)
        var score = [Float](repeating: -.greatestFiniteMagnitude, count: count)
        guard count > 0 else { return (index, score) }
        let block = max(1, min(count, (1 << 20) / k))  // at most 4 MB of products at a time
        var products = [Float](repeating: 0, count: block * k)
        rows.withUnsafeBufferPointer { rowBuffer in
            centres.withUnsafeBufferPointer { centreBuffer in
                products.withUnsafeMutableBufferPointer { productBuffer in
                    guard let rowBase = rowBuffer.baseAddress, let centreBase = centreBuffer.baseAddress,
                          let productBase = productBuffer.baseAddress else { return }
                    var start = 0
                    while start < count {
                        let length = min(block, count - start)
                        // products[r, c] = row (start + r) · centre c
                        BLAS.gemm(transposeB: true, m: length, n: k, k: dimension, a: rowBase + start * dimension, lda: dimension,
                                  b: centreBase, ldb: dimension, c: productBase, ldc: k)
                        for offset in 0..<length {
                            let line = productBase + offset * k
                            var best = 0
                            var bestScore = line[0]
                            for centre in 1..<k where line[centre] > bestScore {
                                bestScore = line[centre]
                                best = centre
                            }
                            index[start + offset] = best
                            score[start + offset] = bestScore
                        }
                        start += length
                    }
                }
            }
        }
        return (index, score)
    }

    /// The `count` rows of `matrix` (row-major, `dimension` columns, unit-length rows) most similar to
    /// `query` by cosine, best first; ties go to the lower row index. The query is normalised here.
    public static func topMatches(for query: [Float], in matrix: [Float], dimension: Int, count: Int) throws -> [VectorMatch] {
        try topMatches(for: [query], in: matrix, dimension: dimension, count: count)[0]
    }

    /// `topMatches(for:in:dimension:count:)` for several queries at once, sharing each pass over the matrix.
    public static func topMatches(for queries: [[Float]], in matrix: [Float], dimension: Int, count: Int) throws -> [[VectorMatch]] {
        guard dimension > 0, matrix.count % dimension == 0 else {
            throw EmbeddingError.invalidMatrix(count: matrix.count, dimension: dimension)
        }
        for query in queries where query.count != dimension {
            throw EmbeddingError.dimensionMismatch(expected: dimension, found: query.count)
        }
        let rowCount = matrix.count / dimension
        guard !queries.isEmpty else { return [] }
        guard count > 0, rowCount > 0 else { return queries.map { _ in [] } }
        let packedQueries = queries.flatMap(normalized)
        var selections = queries.map { _ in TopSelection(capacity: min(count, rowCount)) }
        let block = min(blockRows, rowCount)
        var scores = [Float](repeating: 0, count: block * queries.count)
        matrix.withUnsafeBufferPointer { rows in
            packedQueries.withUnsafeBufferPointer { queryBuffer in
                scores.withUnsafeMutableBufferPointer { scoreBuffer in
                    guard let rowBase = rows.baseAddress, let queryBase = queryBuffer.baseAddress,
                          let scoreBase = scoreBuffer.baseAddress else { return }
                    var start = 0
                    while start < rowCount {
                        let length = min(block, rowCount - start)
                        let blockBase = rowBase + start * dimension
                        if queries.count == 1 {
                            BLAS.gemv(rows: length, columns: dimension, a: blockBase, lda: dimension, x: queryBase, y: scoreBase)
                        } else {
                            // scores[q, r] = query q · row r, for the rows of this block.
                            BLAS.gemm(transposeB: true, m: queries.count, n: length, k: dimension,
                                      a: queryBase, lda: dimension, b: blockBase, ldb: dimension,
                                      c: scoreBase, ldc: length)
                        }
                        for query in selections.indices {
                            let line = scoreBase + query * length
                            for offset in 0..<length {
                                selections[query].offer(index: start + offset, score: line[offset])
                            }
                        }
                        start += length
                    }
                }
            }
        }
        return selections.map(\.bestFirst)
    }
}
