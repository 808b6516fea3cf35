/// What a command is: its name, a one-line abstract, its arguments and its subcommands.
public struct CommandDescriptor: Sendable {
    public let name: String
    public let abstract: String
    public let discussion: String
    public let arguments: [ArgumentSpec]
    public let subcommands: [CommandDescriptor]
    /// True when the command prints data and so takes `--json`.
    public let printsData: Bool

    /// A command description. `--help` is added to every command, `--json` to those that print data.
    public init(
        name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
        subcommands: [CommandDescriptor] = [], printsData: Bool = false
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.subcommands = subcommands
        self.printsData = printsData
        var all = arguments
        if printsData && !all.contains(where: { $0.name == "json" }) {
            all.append(.flag("json", help: "Print the result as JSON."))
        }
        all.append(.flag("help", short: "h", help: "Show help for this command."))
        self.arguments = all
    }

    /// The subcommand with this name.
    public func subcommand(named name: String) -> CommandDescriptor? {
        subcommands.first { $0.name == name }
    }
}
