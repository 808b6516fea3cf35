/// Ordered, decoded `name=value` pairs from a query string or a form body; names may repeat.
public struct QueryParameters: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One decoded pair.
    public typealias Pair = (name: String, value: String)

    private var pairs: [Pair]

    /// Parameters from decoded pairs, in order.
    public init(_ pairs: [(String, String)] = []) {
        self.pairs = pairs.map { (name: $0.0, value: $0.1) }
    }

    /// Parameters from a literal.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// Parses `a=1&b=two+words&c=%2B`: `+` is a space, `%XX` is decoded, an invalid escape such as
    /// `%zz` is kept as written, a name without `=` has the value "", empty pieces are skipped.
    public init(encoded: some StringProtocol) {
        pairs = []
        for piece in encoded.split(separator: "&", omittingEmptySubsequences: true) {
            let text = Substring(piece)
            if let equals = text.firstIndex(of: "=") {
                pairs.append((
                    name: PercentDecoding.lenientFormComponent(text[..<equals]),
                    value: PercentDecoding.lenientFormComponent(text[text.index(after: equals)...])
                ))
            } else {
                pairs.append((name: PercentDecoding.lenientFormComponent(text), value: ""))
            }
        }
    }

    /// The first value of `name`.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// Whether `name` is present (with any value, even empty).
    public func contains(_ name: String) -> Bool {
        pairs.contains { $0.name == name }
    }

    /// Whether there are no pairs.
    public var isEmpty: Bool { pairs.isEmpty }

    /// The number of pairs.
    public var count: Int { pairs.count }

    /// Appends a pair.
    public mutating func append(_ name: String, _ value: String) {
        pairs.append((name: name, value: value))
    }

    /// The pairs encoded again as `a=1&b=two%20words` (for building links).
    public var encoded: String {
        pairs.map { PercentDecoding.encodeFormComponent($0.name) + "=" + PercentDecoding.encodeFormComponent($0.value) }
            .joined(separator: "&")
    }

    /// Iterates pairs in order.
    public func makeIterator() -> IndexingIterator<[Pair]> { pairs.makeIterator() }
}
