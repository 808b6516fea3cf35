/// A command line that does not fit the command: exit 64 with the message and the usage line.
public struct UsageError: Error, Equatable, Sendable {
    public let message: String
    public let usage: String

    /// A usage error for a command path.
    public init(_ message: String, usage: String) {
        self.message = message
        self.usage = usage
    }
}
