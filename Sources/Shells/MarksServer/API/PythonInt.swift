import MarksCore

/// Python's `int(text)` for the places linkding reads numbers from text (ids in paths, `limit`, `offset`, form
/// fields): surrounding white space, a sign, and single underscores between digits are accepted.
enum PythonInt {
    /// How `int()` reads a text.
    enum Reading: Equatable {
        /// A number that fits an `Int`.
        case value(Int)
        /// A valid integer too large for an `Int` (Python would still accept it).
        case overflow(negative: Bool)
        /// Not an integer (`ValueError`).
        case invalid
    }

    /// Reads `text` as `int()` does.
    static func read(_ text: String) -> Reading {
        let stripped = PythonWhitespace.strip(text)
        var scalars = Substring(stripped).unicodeScalars[...]
        var negative = false
        if let sign = scalars.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            scalars = scalars.dropFirst()
        }
        guard let first = scalars.first, first.properties.numericType == .decimal,
              let last = scalars.last, last != "_" else { return .invalid }
        var value = 0
        var overflow = false
        var previousWasUnderscore = false
        for scalar in scalars {
            if scalar == "_" {
                if previousWasUnderscore { return .invalid }
                previousWasUnderscore = true
                continue
            }
            previousWasUnderscore = false
            guard scalar.properties.numericType == .decimal, let digit = scalar.properties.numericValue else { return .invalid }
            let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times.addingReportingOverflow(Int(digit))
            if overflowA || overflowB { overflow = true }
            value = sum
        }
        if overflow { return .overflow(negative: negative) }
        return .value(negative ? -value : value)
    }

    /// The value when it fits an `Int`, nil otherwise.
    static func value(_ text: String) -> Int? {
        if case .value(let number) = read(text) { return number }
        return nil
    }
}
