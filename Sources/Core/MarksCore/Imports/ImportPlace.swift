/// Where in an imported file something is: a line (CSV, HTML) or the number of an entry (JSON), counted from 1.
public enum ImportPlace: Sendable, Equatable, CustomStringConvertible {
    case line(Int)
    case entry(Int)

    public var description: String {
        switch self {
        case .line(let line): "line \(line)"
        case .entry(let number): "entry \(number)"
        }
    }
}
