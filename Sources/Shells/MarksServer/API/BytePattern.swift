/// Finds every occurrence of a byte pattern in linear time (Knuth–Morris–Pratt), so a hostile body of
/// near-delimiters cannot make parsing quadratic.
struct BytePattern {
    private let pattern: [UInt8]
    private let failure: [Int]

    init(_ pattern: [UInt8]) {
        self.pattern = pattern
        var failure = [Int](repeating: 0, count: pattern.count)
        var length = 0
        var index = 1
        while index < pattern.count {
            if pattern[index] == pattern[length] {
                length += 1
                failure[index] = length
                index += 1
            } else if length > 0 {
                length = failure[length - 1]
            } else {
                index += 1
            }
        }
        self.failure = failure
    }

    /// Start indexes of every (possibly overlapping) occurrence in `text`.
    func occurrences(in text: [UInt8]) -> [Int] {
        guard !pattern.isEmpty else { return [] }
        var found: [Int] = []
        var matched = 0
        for (index, byte) in text.enumerated() {
            while matched > 0 && byte != pattern[matched] { matched = failure[matched - 1] }
            if byte == pattern[matched] { matched += 1 }
            if matched == pattern.count {
                found.append(index - pattern.count + 1)
                matched = failure[matched - 1]
            }
        }
        return found
    }

    /// The start index of the first occurrence in `text` at or after `start`, nil when there is none.
    func first(in text: [UInt8], from start: Int = 0) -> Int? {
        guard !pattern.isEmpty, start < text.count else { return nil }
        var matched = 0
        for index in start..<text.count {
            let byte = text[index]
            while matched > 0 && byte != pattern[matched] { matched = failure[matched - 1] }
            if byte == pattern[matched] { matched += 1 }
            if matched == pattern.count { return index - pattern.count + 1 }
        }
        return nil
    }
}
