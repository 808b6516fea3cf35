/// Renders `--help` text for a command.
public enum HelpFormatter {
    /// The help text: abstract, usage, arguments, subcommands.
    public static func help(for command: CommandDescriptor, path: [String]) -> String {
        var lines = [command.abstract, "", ArgumentParser.usageLine(command, path: path)]
        if !command.discussion.isEmpty { lines += ["", command.discussion] }
        let positionals = command.arguments.filter { if case .positional = $0.kind { return true } else { return false } }
        let options = command.arguments.filter { if case .positional = $0.kind { return false } else { return true } }
        if !positionals.isEmpty {
            lines += ["", "arguments:"]
            lines += positionals.map { row($0.name.uppercased(), $0.help) }
        }
        if !options.isEmpty {
            lines += ["", "options:"]
            lines += options.map { spec in
                var label = spec.short.map { "-\($0), " } ?? ""
                label += "--\(spec.name)"
                if case .option(let value) = spec.kind { label += " \(value)" }
                return row(label, spec.help)
            }
        }
        if !command.subcommands.isEmpty {
            lines += ["", "commands:"]
            lines += command.subcommands.map { row($0.name, $0.abstract) }
            lines += ["", "See '\(path.joined(separator: " ")) <command> --help' for a command's options."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ label: String, _ help: String) -> String {
        let padded = label.count < 24 ? label + String(repeating: " ", count: 24 - label.count) : label + "  "
        return "  " + padded + help
    }
}
