/// Deterministic bookmark-like text over a 20,000-word made-up vocabulary with Zipf-like word frequencies
/// (so full-text search sees common and rare words as in real libraries), and random unit vectors. The 100
/// most frequent ranks are left out: in English they are the stop words a query drops.
struct SyntheticText {
    private var state: UInt64
    private static let syllables = ["ka", "lo", "mi", "nu", "pe", "ra", "si", "to", "ve", "zu", "ba", "de", "fo", "gi", "ju",
                                    "ke", "la", "mo", "ni", "po", "qu", "ri", "sa", "te", "vi", "wo", "xa", "ye", "zo", "an"]
    private static let vocabulary: [String] = (0..<20_000).map { number in
        var word = ""
        var rest = number
        repeat {
            word += syllables[rest % syllables.count]
            rest /= syllables.count
        } while rest > 0
        return word + syllables[number % 7]
    }
    /// Cumulative weights 1/(rank+1) over the vocabulary.
    private static let cumulative: [Double] = {
        var total = 0.0
        return vocabulary.indices.map { rank in
            total += 1 / Double(rank + 101)
            return total
        }
    }()

    init(seed: UInt64) { state = seed &* 6_364_136_223_846_793_005 &+ 1 }

    private mutating func unit() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }

    mutating func word() -> String {
        let target = unit() * (Self.cumulative.last ?? 1)
        var low = 0
        var high = Self.cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if Self.cumulative[middle] < target { low = middle + 1 } else { high = middle }
        }
        return Self.vocabulary[low]
    }

    mutating func sentence(words: Int) -> String {
        (0..<words).map { _ in word() }.joined(separator: " ")
    }

    mutating func unitVector(dimension: Int) -> [Float] {
        var vector = (0..<dimension).map { _ in Float(unit() * 2 - 1) }
        let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
        if norm > 0 { vector = vector.map { $0 / norm } }
        return vector
    }
}
