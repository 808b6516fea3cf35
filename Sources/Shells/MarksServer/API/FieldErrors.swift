import MarksCore

/// A 400 body as Django REST framework builds it: field → messages in the serializer's field order; a list
/// field's entries keyed by index (`{"tag_names": {"2": ["This field may not be blank."]}}`).
struct FieldErrors: Sendable {
    private var entries: [(String, JSONValue)] = []

    /// No errors yet.
    init() {}

    /// Whether no field has an error.
    var isEmpty: Bool { entries.isEmpty }

    /// Adds messages for a field.
    mutating func add(_ field: String, _ messages: [String]) {
        entries.append((field, .array(messages.map(JSONValue.string))))
    }

    /// Adds a list field's errors by entry index.
    mutating func add(_ field: String, indexed: [(Int, [String])]) {
        entries.append((field, .object(indexed.map { (String($0.0), .array($0.1.map(JSONValue.string))) })))
    }

    /// Adds a field's error body as it is.
    mutating func add(_ field: String, _ value: JSONValue) {
        entries.append((field, value))
    }

    /// The body.
    var jsonValue: JSONValue { .object(entries) }

    /// The store's errors (`tag_names.2` style keys) in the serializer's `order`; unknown fields follow, sorted.
    static func fromStore(_ fields: [String: [String]], order: [String]) -> FieldErrors {
        var grouped: [String: (plain: [String], indexed: [(Int, [String])])] = [:]
        for (key, messages) in fields {
            let parts = key.split(separator: ".", maxSplits: 1)
            if parts.count == 2, let index = Int(parts[1]) {
                grouped[String(parts[0]), default: ([], [])].indexed.append((index, messages))
            } else {
                grouped[key, default: ([], [])].plain += messages
            }
        }
        let known = order.filter { grouped[$0] != nil }
        let others = grouped.keys.filter { !order.contains($0) }.sorted()
        var errors = FieldErrors()
        for name in known + others {
            guard let group = grouped[name] else { continue }
            if group.indexed.isEmpty {
                errors.add(name, group.plain)
            } else {
                errors.add(name, indexed: group.indexed.sorted { $0.0 < $1.0 })
            }
        }
        return errors
    }
}
