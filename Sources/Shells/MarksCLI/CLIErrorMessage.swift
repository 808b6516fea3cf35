import MarksAssembly

/// Turns any error into one line a person can act on (the edge where errors become words; the assembly's rule).
enum CLIErrorMessage {
    static func describe(_ error: Error) -> String {
        AssemblyFailure.describe(error)
    }
}
