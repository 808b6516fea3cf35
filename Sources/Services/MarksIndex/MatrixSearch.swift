import SentenceEmbeddings

/// Exact top-k over the compact rows of an `EmbeddingMatrix` (codes row-major, a scale per row) when only some
/// rows may answer: the one copy of that search for the bookmarks' `VectorMatrix` and the passages' `PassageMatrix`.
/// It runs on the caller's thread (a `WorkerPool` worker when the search came from a route), one pass over the rows.
enum MatrixSearch {
    /// The `count` rows (indices into the matrix) most similar to `query` among those `allowed` passes (nil: every
    /// row), best first; equal scores keep row order. The score of a row is the dot product of `query` with the
    /// row's vector as the codes stand for it. The query is rounded to 16-bit integers (an error a hundred times
    /// smaller than the rows' own), so each row is an integer dot product the compiler turns into vector
    /// multiply-adds, summed exactly in 32 bits, then multiplied by the two scales.
    static func top(_ query: [Float], codes: [Int8], scales: [Float], dimension: Int, count: Int,
                    allowed: ((Int) -> Bool)?) -> [(row: Int, score: Float)] {
        let rows = scales.count
        guard count > 0, rows > 0, dimension > 0, query.count == dimension, codes.count == rows * dimension else { return [] }
        let (queryCodes, queryScale) = quantised(query)
        var best = TopSelection(capacity: count)
        queryCodes.withUnsafeBufferPointer { queryBuffer in
            codes.withUnsafeBufferPointer { codeBuffer in
                scales.withUnsafeBufferPointer { scaleBuffer in
                    guard let queryBase = queryBuffer.baseAddress, let codeBase = codeBuffer.baseAddress else { return }
                    for row in 0..<rows where allowed?(row) ?? true {
                        let rowBase = codeBase + row * dimension
                        var sum: Int32 = 0
                        for column in 0..<dimension {
                            sum &+= Int32(truncatingIfNeeded: rowBase[column]) &* Int32(truncatingIfNeeded: queryBase[column])
                        }
                        best.offer(index: row, score: Float(sum) * scaleBuffer[row] * queryScale)
                    }
                }
            }
        }
        return best.bestFirst.map { (row: $0.index, score: $0.score) }
    }

    /// `query` as 16-bit codes and their scale, with as many levels as keep a row's sum within `Int32` (a row code
    /// is at most 127 in magnitude); non-finite components count as zero.
    static func quantised(_ query: [Float]) -> (codes: [Int16], scale: Float) {
        let levels = Float(min(16_383, Int(Int32.max) / (Int(QuantizedVector.levels) * max(query.count, 1))))
        var largest: Float = 0
        for value in query where value.isFinite { largest = max(largest, abs(value)) }
        guard largest > 0 else { return ([Int16](repeating: 0, count: query.count), 0) }
        let inverse = levels / largest
        return (query.map { $0.isFinite ? Int16(max(-levels, min(levels, ($0 * inverse).rounded()))) : 0 }, largest / levels)
    }
}
