/// One argument a command accepts: a flag (`--json`), an option with a value (`--port 8080`), or a positional.
public struct ArgumentSpec: Sendable {
    /// How the argument appears on the command line.
    public enum Kind: Sendable, Equatable {
        case flag
        case option(valueName: String)
        case positional(required: Bool, repeating: Bool)
    }

    public let name: String
    public let short: Character?
    public let kind: Kind
    public let help: String

    /// A `--name` flag.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, short: short, kind: .flag, help: help)
    }

    /// A `--name VALUE` option.
    public static func option(_ name: String, short: Character? = nil, value: String, help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, short: short, kind: .option(valueName: value), help: help)
    }

    /// A positional argument.
    public static func positional(_ name: String, required: Bool = true, repeating: Bool = false, help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, short: nil, kind: .positional(required: required, repeating: repeating), help: help)
    }

    /// How the argument reads in a usage line.
    var usageFragment: String {
        switch kind {
        case .flag: return "[--\(name)]"
        case .option(let value): return "[--\(name) \(value)]"
        case .positional(let required, let repeating):
            let base = name.uppercased() + (repeating ? "…" : "")
            return required ? base : "[\(base)]"
        }
    }
}
