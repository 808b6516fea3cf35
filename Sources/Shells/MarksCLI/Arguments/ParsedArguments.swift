/// The arguments of one command after parsing: flags, options and positionals, read with typed accessors
/// that throw a `UsageError` a person can act on.
public struct ParsedArguments: Sendable {
    /// The command path, e.g. `["marks", "serve"]`.
    public let commandPath: [String]
    public let usage: String
    var flags: Set<String>
    var options: [String: [String]]
    var positionals: [String: [String]]

    /// True when the flag was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for an option.
    public func option(_ name: String) -> String? { options[name]?.last }

    /// Every value given for an option (options may repeat).
    public func options(_ name: String) -> [String] { options[name] ?? [] }

    /// An option read as an integer in a range.
    public func intOption(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int? {
        guard let text = option(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError("--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'", usage: usage)
        }
        return value
    }

    /// The first value of a positional.
    public func positional(_ name: String) -> String? { positionals[name]?.first }

    /// Every value of a repeating positional.
    public func positionals(_ name: String) -> [String] { positionals[name] ?? [] }

    /// A usage error for this command.
    public func usageError(_ message: String) -> UsageError { UsageError(message, usage: usage) }
}
