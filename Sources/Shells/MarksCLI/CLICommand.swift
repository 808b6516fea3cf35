/// A `marks` subcommand: how it is described, and what it does with its parsed arguments.
protocol CLICommand {
    static var descriptor: CommandDescriptor { get }
    /// Runs the command; returns the exit code (0 ok, 1 failure). Usage errors are thrown as `UsageError`.
    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32
}
