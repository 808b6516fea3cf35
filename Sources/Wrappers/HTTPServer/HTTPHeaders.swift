/// Ordered HTTP header fields with case-insensitive names; a name may appear several times.
public struct HTTPHeaders: Sendable, Sequence, Equatable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field.
    public typealias Field = (name: String, value: String)

    private var fields: [Field] = []

    /// Empty headers.
    public init() {}

    /// Headers from fields in order.
    public init(_ fields: [(String, String)]) {
        for (name, value) in fields { add(name, value) }
    }

    /// Headers from a literal such as `["Content-Type": "text/plain"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name, value) }
    }

    /// The first value of `name`; setting replaces every value of `name` (nil removes them).
    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            guard let newValue else { remove(name); return }
            if let index = fields.firstIndex(where: { Self.sameName($0.name, name) }) {
                fields[index].value = Self.clean(newValue)
                removeLater(name, after: index)
            } else {
                add(name, newValue)
            }
        }
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Whether `name` is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    /// Appends a field; CR, LF and NUL are replaced by spaces so a value cannot inject headers.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((Self.clean(name), Self.clean(value)))
    }

    /// Removes every value of `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Iterates fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// Equal when the same fields appear in the same order (names compared case-insensitively).
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { sameName($0.name, $1.name) && $0.value == $1.value }
    }

    public var description: String { fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n") }

    private mutating func removeLater(_ name: String, after index: Int) {
        var position = fields.count - 1
        while position > index {
            if Self.sameName(fields[position].name, name) { fields.remove(at: position) }
            position -= 1
        }
    }

    /// ASCII case-insensitive comparison without allocating.
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        let left = lhs.utf8, right = rhs.utf8
        guard left.count == right.count else { return false }
        for (a, b) in zip(left, right) where a != b {
            let lowerA = (a >= 65 && a <= 90) ? a + 32 : a
            let lowerB = (b >= 65 && b <= 90) ? b + 32 : b
            if lowerA != lowerB { return false }
        }
        return true
    }

    private static func clean(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else { return text }
        return String(decoding: text.utf8.map { ($0 == 13 || $0 == 10 || $0 == 0) ? 32 : $0 }, as: UTF8.self)
    }
}

extension HTTPHeaders {
    mutating func addAll(_ other: HTTPHeaders) {
        for field in other { add(field.name, field.value) }
    }
}
