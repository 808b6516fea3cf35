import MarksCore

/// A failure building the app that a person fixes (a linkding setting), said in one sentence.
public struct AssemblyFailure: Error, CustomStringConvertible {
    /// The sentence.
    public let description: String
    /// A failure saying `description`.
    public init(_ description: String) { self.description = description }

    /// Turns any error into one line a person can act on (the CLI's and the assembly's warnings share it).
    public static func describe(_ error: Error) -> String {
        switch error {
        case let error as BookmarkSourceError: return error.message
        case let error as CustomStringConvertible: return error.description
        default: return String(describing: error)
        }
    }
}
