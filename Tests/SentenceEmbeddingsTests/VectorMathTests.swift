import Testing
@testable import SentenceEmbeddings

/// Deterministic pseudo-random unit vectors, so failures reproduce.
private struct VectorSource {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> Float {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Float(Int64(bitPattern: state) >> 40) / Float(1 << 23)
    }

    mutating func unitVectors(_ count: Int, dimension: Int) -> [Float] {
        (0..<count).flatMap { _ in VectorMath.normalized((0..<dimension).map { _ in next() }) }
    }
}

private func bruteForce(_ query: [Float], _ matrix: [Float], dimension: Int, count: Int) -> [VectorMatch] {
    let unit = VectorMath.normalized(query)
    let scored = (0..<(matrix.count / dimension)).map { row in
        VectorMatch(index: row, score: (0..<dimension).reduce(Float(0)) { $0 + unit[$1] * matrix[row * dimension + $1] })
    }
    return Array(scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }.prefix(count))
}

struct VectorMathTests {
    @Test func dotAndNormalize() throws {
        #expect(try VectorMath.dot([1, 2, 3], [4, 5, 6]) == 32)
        #expect(VectorMath.normalized([3, 4]) == [0.6, 0.8])
        #expect(VectorMath.normalized([0, 0, 0]) == [0, 0, 0])
        #expect(VectorMath.normalized([]) == [])
        var vector: [Float] = [0, 5]
        VectorMath.normalize(&vector)
        #expect(vector == [0, 1])
        #expect(throws: EmbeddingError.dimensionMismatch(expected: 2, found: 3)) { try VectorMath.dot([1, 2], [1, 2, 3]) }
    }

    @Test(arguments: [1, 10, 100])
    func topMatchesEqualBruteForceAcrossBlocks(count: Int) throws {
        var source = VectorSource(seed: 42)
        let dimension = 24
        let rows = VectorMath.blockRows * 2 + 123 // crosses block boundaries
        let matrix = source.unitVectors(rows, dimension: dimension)
        let queries = (0..<3).map { _ in (0..<dimension).map { _ in source.next() } }
        let batched = try VectorMath.topMatches(for: queries, in: matrix, dimension: dimension, count: count)
        for (query, matches) in zip(queries, batched) {
            let expected = bruteForce(query, matrix, dimension: dimension, count: count)
            let single = try VectorMath.topMatches(for: query, in: matrix, dimension: dimension, count: count)
            #expect(single.map(\.index) == expected.map(\.index))
            #expect(matches.map(\.index) == expected.map(\.index))
            #expect(zip(single, expected).allSatisfy { abs($0.score - $1.score) < 1e-5 })
        }
    }

    /// k-means's assignment step: every row's best centre by one matrix product per block, as a dot product at a
    /// time finds it (blocks crossed: 5,000 rows against 300 centres), ties to the lower centre, bad sizes refused.
    @Test func nearestCentresAreTheBruteForceOnes() throws {
        var source = VectorSource(seed: 7)
        let dimension = 16, count = 5_000, k = 300
        let rows = source.unitVectors(count, dimension: dimension)
        let centres = source.unitVectors(k, dimension: dimension)
        let found = try VectorMath.nearestCentres(rows: rows, count: count, centres: centres, k: k, dimension: dimension)
        var agree = 0
        for row in 0..<count {
            let scores = (0..<k).map { centre in (0..<dimension).reduce(Float(0)) { $0 + rows[row * dimension + $1] * centres[centre * dimension + $1] } }
            let best = scores.indices.max { scores[$0] != scores[$1] ? scores[$0] < scores[$1] : $0 > $1 } ?? -1
            #expect(abs(found.score[row] - scores[best]) < 1e-5)
            if found.index[row] == best { agree += 1 } else { #expect(abs(scores[found.index[row]] - scores[best]) < 1e-5, "a near tie only") }
        }
        #expect(agree >= count - 5)
        let tied = try VectorMath.nearestCentres(rows: [1, 0, 0, 1], count: 2, centres: [0, 1, 1, 0, 1, 0, 0, 1], k: 4, dimension: 2)
        #expect(tied.index == [1, 0] && tied.score == [1, 1])
        #expect(try VectorMath.nearestCentres(rows: [], count: 0, centres: [1, 0], k: 1, dimension: 2).index.isEmpty)
        #expect(throws: EmbeddingError.self) { try VectorMath.nearestCentres(rows: [1, 0, 0], count: 2, centres: [1, 0], k: 1, dimension: 2) }
    }

    @Test func openBLASRunsOnTheCallingThread() throws {
        _ = try VectorMath.topMatches(for: [1, 0], in: [1, 0, 0, 1], dimension: 2, count: 1)
        #expect(BLAS.threadCount == 1)
    }

    @Test func tiesGoToTheLowerRowAndQueriesAreNormalised() throws {
        let matrix: [Float] = [0, 1, 1, 0, 1, 0, 0, 1, 1, 0]
        let matches = try VectorMath.topMatches(for: [10, 0], in: matrix, dimension: 2, count: 3)
        #expect(matches == [VectorMatch(index: 1, score: 1), VectorMatch(index: 2, score: 1), VectorMatch(index: 4, score: 1)])
    }

    @Test func handlesSmallAndEmptyInputs() throws {
        let matrix: [Float] = [1, 0, 0, 1]
        #expect(try VectorMath.topMatches(for: [1, 0], in: matrix, dimension: 2, count: 10).map(\.index) == [0, 1])
        #expect(try VectorMath.topMatches(for: [1, 0], in: matrix, dimension: 2, count: 0).isEmpty)
        #expect(try VectorMath.topMatches(for: [1, 0], in: [], dimension: 2, count: 5).isEmpty)
        #expect(try VectorMath.topMatches(for: [[Float]](), in: matrix, dimension: 2, count: 5).isEmpty)
    }

    @Test func skipsRowsThatScoreNaN() throws {
        let matrix: [Float] = [.nan, 0, 0.5, 0.5, 1, 0]
        let matches = try VectorMath.topMatches(for: [1, 0], in: matrix, dimension: 2, count: 3)
        #expect(matches.map(\.index) == [2, 1])
    }

    @Test func rejectsMismatchedShapes() {
        #expect(throws: EmbeddingError.invalidMatrix(count: 5, dimension: 2)) {
            try VectorMath.topMatches(for: [1, 0], in: [1, 2, 3, 4, 5], dimension: 2, count: 1)
        }
        #expect(throws: EmbeddingError.invalidMatrix(count: 4, dimension: 0)) {
            try VectorMath.topMatches(for: [Float](), in: [1, 2, 3, 4], dimension: 0, count: 1)
        }
        #expect(throws: EmbeddingError.dimensionMismatch(expected: 2, found: 3)) {
            try VectorMath.topMatches(for: [1, 0, 0], in: [1, 2, 3, 4], dimension: 2, count: 1)
        }
    }
}
