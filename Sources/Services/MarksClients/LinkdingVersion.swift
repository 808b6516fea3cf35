/// A linkding version such as `1.46.2`, compared number by number; a suffix (`-beta`) is ignored.
public struct LinkdingVersion: Comparable, Sendable {
    /// The numeric parts, e.g. `[1, 46, 2]`.
    public let parts: [Int]

    /// Parses a version; nil when it does not start with a number.
    public init?(_ text: String) {
        var parts: [Int] = []
        for piece in text.trimmingPrefix("v").split(separator: ".", omittingEmptySubsequences: false) {
            let digits = piece.prefix(while: \.isASCII).prefix(while: \.isNumber)
            guard let value = Int(digits) else { break }
            parts.append(value)
            if digits.count < piece.count { break }
        }
        guard !parts.isEmpty else { return nil }
        self.parts = parts
    }

    /// Compares number by number, a missing part counting as 0.
    public static func < (lhs: LinkdingVersion, rhs: LinkdingVersion) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let a = index < lhs.parts.count ? lhs.parts[index] : 0
            let b = index < rhs.parts.count ? rhs.parts[index] : 0
            if a != b { return a < b }
        }
        return false
    }

    /// Equal when every part is (missing parts count as 0).
    public static func == (lhs: LinkdingVersion, rhs: LinkdingVersion) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }
}
