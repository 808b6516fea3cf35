/// Parses argv against a tree of `CommandDescriptor`s: tokens first, then binding. Pure: no I/O.
public enum ArgumentParser {
    /// What a command line asks for.
    public enum Outcome: Sendable {
        case run(ParsedArguments)
        case help(CommandDescriptor, path: [String])
        case version
    }

    /// Parses `arguments` (without the program name) against `root`.
    public static func parse(_ arguments: [String], root: CommandDescriptor) throws -> Outcome {
        var command = root
        var path = [root.name]
        var rest = arguments[...]
        if rest.first == "--version" || (rest.first == "version" && root.subcommand(named: "version") == nil) { return .version }
        while let next = rest.first, let sub = command.subcommand(named: next) {
            command = sub
            path.append(next)
            rest = rest.dropFirst()
        }
        if rest.contains("--help") || rest.contains("-h") { return .help(command, path: path) }
        if rest.first == "help" && command.subcommands.count > 0 {
            var target = command
            var targetPath = path
            for name in rest.dropFirst() {
                guard let sub = target.subcommand(named: name) else { break }
                target = sub
                targetPath.append(name)
            }
            return .help(target, path: targetPath)
        }
        let usage = usageLine(command, path: path)
        if !command.subcommands.isEmpty && command.arguments.allSatisfy({ $0.kind == .flag }) {
            guard let first = rest.first else { throw UsageError("'\(path.joined(separator: " "))' needs a subcommand", usage: usage) }
            throw UsageError("unknown command '\(first)'", usage: usage)
        }
        return .run(try bind(Array(rest), to: command, path: path, usage: usage))
    }

    /// The usage line of a command.
    public static func usageLine(_ command: CommandDescriptor, path: [String]) -> String {
        var parts = ["usage:"] + path
        if !command.subcommands.isEmpty { parts.append("<command>") }
        let positionals = command.arguments.filter { if case .positional = $0.kind { return true } else { return false } }
        let others = command.arguments.filter { if case .positional = $0.kind { return false } else { return $0.name != "help" } }
        parts += others.map(\.usageFragment)
        parts += positionals.map(\.usageFragment)
        return parts.joined(separator: " ")
    }

    private static func bind(_ tokens: [String], to command: CommandDescriptor, path: [String], usage: String) throws -> ParsedArguments {
        var flags = Set<String>()
        var options: [String: [String]] = [:]
        var loose: [String] = []
        var index = 0
        var onlyPositionals = false
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if onlyPositionals || token == "-" || !token.hasPrefix("-") {
                loose.append(token)
                continue
            }
            if token == "--" {
                onlyPositionals = true
                continue
            }
            let (spec, inlineValue) = try lookup(token, in: command, usage: usage)
            switch spec.kind {
            case .flag:
                if inlineValue != nil { throw UsageError("--\(spec.name) takes no value", usage: usage) }
                flags.insert(spec.name)
            case .option(let valueName):
                if let inlineValue {
                    options[spec.name, default: []].append(inlineValue)
                } else {
                    guard index < tokens.count else { throw UsageError("--\(spec.name) needs a value (\(valueName))", usage: usage) }
                    options[spec.name, default: []].append(tokens[index])
                    index += 1
                }
            case .positional:
                throw UsageError("unexpected '\(token)'", usage: usage)
            }
        }
        var positionals: [String: [String]] = [:]
        var remaining = loose[...]
        for spec in command.arguments {
            guard case .positional(let required, let repeating) = spec.kind else { continue }
            if repeating {
                positionals[spec.name] = Array(remaining)
                if required && remaining.isEmpty { throw UsageError("missing \(spec.name.uppercased())", usage: usage) }
                remaining = []
            } else if let value = remaining.first {
                positionals[spec.name] = [value]
                remaining = remaining.dropFirst()
            } else if required {
                throw UsageError("missing \(spec.name.uppercased())", usage: usage)
            }
        }
        if let extra = remaining.first { throw UsageError("unexpected argument '\(extra)'", usage: usage) }
        return ParsedArguments(commandPath: path, usage: usage, flags: flags, options: options, positionals: positionals)
    }

    private static func lookup(_ token: String, in command: CommandDescriptor, usage: String) throws -> (ArgumentSpec, String?) {
        if token.hasPrefix("--") {
            let body = token.dropFirst(2)
            let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard let spec = command.arguments.first(where: { $0.name == name && !isPositional($0) }) else {
                throw UsageError("unknown option '--\(name)'" + wordsHint(command), usage: usage)
            }
            return (spec, parts.count > 1 ? String(parts[1]) : nil)
        }
        let letters = Array(token.dropFirst())
        guard letters.count == 1, let spec = command.arguments.first(where: { $0.short == letters[0] }) else {
            throw UsageError("unknown option '\(token)'" + wordsHint(command), usage: usage)
        }
        return (spec, nil)
    }

    /// For a command that takes free words (a search, a question), how to give one that starts with "-".
    private static func wordsHint(_ command: CommandDescriptor) -> String {
        let takesWords = command.arguments.contains { spec in
            if case .positional(_, let repeating) = spec.kind { return repeating }
            return false
        }
        return takesWords ? " (words that start with '-' go after --, as in: -- -word)" : ""
    }

    private static func isPositional(_ spec: ArgumentSpec) -> Bool {
        if case .positional = spec.kind { return true }
        return false
    }
}
