/// A request body's JSON as Python's `json` module hands it to Django REST framework: integers keep their
/// digits (Python ints are unbounded), objects keep their keys in order (a repeated key keeps the last value,
/// as a Python dict does), so field rules can treat each type exactly as DRF does.
enum ParsedJSON: Sendable {
    case null
    case bool(Bool)
    /// An integer literal, normalised as Python's `str(int(...))` prints it.
    case integer(String)
    case float(Double)
    case string(String)
    /// A string that held a lone UTF-16 surrogate (`"\\ud800"`): Python keeps it and DRF's text fields then refuse
    /// it; Swift cannot hold one, so it reads as U+FFFD here and the first surrogate's code point is kept.
    case surrogateString(String, firstSurrogate: UInt32)
    case array([ParsedJSON])
    case object([(String, ParsedJSON)])

    /// The Python type name DRF puts into messages (`list`, `str`, `dict`, …).
    var pythonTypeName: String {
        switch self {
        case .null: "NoneType"
        case .bool: "bool"
        case .integer: "int"
        case .float: "float"
        case .string, .surrogateString: "str"
        case .array: "list"
        case .object: "dict"
        }
    }

    /// The value of `key` in an object (the last one when repeated), nil when absent or not an object.
    subscript(key: String) -> ParsedJSON? {
        guard case .object(let fields) = self else { return nil }
        return fields.last { $0.0 == key }?.1
    }

    /// What Python's `str()` prints for a scalar (used where DRF formats the input into a message).
    var pythonString: String {
        switch self {
        case .null: "None"
        case .bool(let value): value ? "True" : "False"
        case .integer(let digits): digits
        case .float(let value): Self.pythonFloat(value)
        case .string(let text), .surrogateString(let text, _): text
        case .array(let items): "[" + items.map(\.pythonRepr).joined(separator: ", ") + "]"
        case .object(let fields): "{" + fields.map { "'\($0.0)': \($0.1.pythonRepr)" }.joined(separator: ", ") + "}"
        }
    }

    private var pythonRepr: String {
        if case .string(let text) = self { return "'" + text + "'" }
        return pythonString
    }

    /// Python's `repr(float)`: Swift's shortest round-trip form matches it, including exponents (`1e+16`).
    static func pythonFloat(_ value: Double) -> String {
        value.description
    }
}
