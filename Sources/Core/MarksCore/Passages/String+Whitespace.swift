extension String {
    /// The text without leading and trailing white space: what `trimmingCharacters(in: .whitespacesAndNewlines)`
    /// gives, by scalars in Swift rather than through `NSString`, which on Linux was a tenth of indexing a library
    /// (issue 15's import profile). Foundation's set is Unicode's White_Space property plus U+200B ZERO WIDTH SPACE
    /// (checked over every scalar once; `WhitespaceTrimmingTests` compares the two).
    public var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isTrimmed($0) }),
              let last = scalars.lastIndex(where: { !Self.isTrimmed($0) }) else { return "" }
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return self }
        return String(scalars[first...last])
    }

    private static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{200B}"
    }
}
