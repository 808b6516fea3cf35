/// The figures the quality report computes: adjusted Rand index and ROUGE-1.
public enum EvaluationMetrics {
    /// ROUGE-1 of a candidate against a reference: unigram recall, precision and F1 (lower-case words, clipped counts).
    public struct Rouge: Sendable, Equatable {
        /// Share of the reference's words found in the candidate.
        public let recall: Double
        /// Share of the candidate's words found in the reference.
        public let precision: Double
        /// Harmonic mean of recall and precision.
        public var f1: Double { recall + precision > 0 ? 2 * recall * precision / (recall + precision) : 0 }
    }

    /// The adjusted Rand index (Hubert & Arabie 1985) of two labellings of the same items: 1 for identical
    /// partitions, about 0 for chance agreement.
    public static func adjustedRandIndex<A: Hashable, B: Hashable>(_ truth: [A], _ predicted: [B]) -> Double {
        let count = min(truth.count, predicted.count)
        guard count > 1 else { return 1 }
        var table: [Pair<A, B>: Int] = [:]
        var rows: [A: Int] = [:]
        var columns: [B: Int] = [:]
        for index in 0..<count {
            table[Pair(a: truth[index], b: predicted[index]), default: 0] += 1
            rows[truth[index], default: 0] += 1
            columns[predicted[index], default: 0] += 1
        }
        func pairs(_ n: Int) -> Double { Double(n) * Double(n - 1) / 2 }
        let index = table.values.reduce(0) { $0 + pairs($1) }
        let rowSum = rows.values.reduce(0) { $0 + pairs($1) }
        let columnSum = columns.values.reduce(0) { $0 + pairs($1) }
        let expected = rowSum * columnSum / pairs(count)
        let maximum = (rowSum + columnSum) / 2
        guard maximum != expected else { return 1 }
        return (index - expected) / (maximum - expected)
    }

    /// ROUGE-1 of `candidate` against `reference`.
    public static func rouge1(candidate: String, reference: String) -> Rouge {
        let candidateWords = WordTokenizer.words(candidate)
        let referenceWords = WordTokenizer.words(reference)
        guard !candidateWords.isEmpty, !referenceWords.isEmpty else { return Rouge(recall: 0, precision: 0) }
        var available: [String: Int] = [:]
        for word in candidateWords { available[word, default: 0] += 1 }
        var overlap = 0
        for word in referenceWords where (available[word] ?? 0) > 0 {
            available[word, default: 0] -= 1
            overlap += 1
        }
        return Rouge(recall: Double(overlap) / Double(referenceWords.count), precision: Double(overlap) / Double(candidateWords.count))
    }

    private struct Pair<A: Hashable, B: Hashable>: Hashable {
        let a: A
        let b: B
    }
}
