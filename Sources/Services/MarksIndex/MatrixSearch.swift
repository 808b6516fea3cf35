import SentenceEmbeddings

/// Exact top-k over a row-major matrix when only some rows may answer: the one copy of that search for the
/// bookmarks' `VectorMatrix` and the passages' `PassageMatrix`.
enum MatrixSearch {
    /// The `count` rows (indices into the matrix) most similar to `query` among those `allowed` passes, best
    /// first. All rows pass: one search of the matrix. At least one row in `overFetchRatio` passes: over-fetch from
    /// the whole matrix and keep the allowed ones. Otherwise (or when the over-fetch fell short): search a copy of
    /// just the allowed rows.
    static func top(_ query: [Float], in values: [Float], dimension: Int, rows: Int, count: Int, overFetchRatio: Int,
                    allowed: (Int) -> Bool) throws -> [(row: Int, score: Float)] {
        guard count > 0, rows > 0 else { return [] }
        let allowedRows = (0..<rows).filter(allowed)
        guard !allowedRows.isEmpty else { return [] }
        let wanted = min(count, allowedRows.count)
        if allowedRows.count == rows {
            return try VectorMath.topMatches(for: query, in: values, dimension: dimension, count: wanted).map { ($0.index, $0.score) }
        }
        if allowedRows.count * overFetchRatio >= rows {
            let fetch = min(rows, wanted * (rows / allowedRows.count + 1) * 2)
            let kept = try VectorMath.topMatches(for: query, in: values, dimension: dimension, count: fetch)
                .filter { allowed($0.index) }.prefix(wanted)
            if kept.count == wanted { return kept.map { ($0.index, $0.score) } }
        }
        var subset = [Float]()
        subset.reserveCapacity(allowedRows.count * dimension)
        values.withUnsafeBufferPointer { buffer in
            for row in allowedRows {
                subset.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[row * dimension..<(row + 1) * dimension]))
            }
        }
        return try VectorMath.topMatches(for: query, in: subset, dimension: dimension, count: wanted)
            .map { (allowedRows[$0.index], $0.score) }
    }
}
