import MarksCore

/// Turns any error into one line a person can act on (the edge where errors become words).
enum CLIErrorMessage {
    static func describe(_ error: Error) -> String {
        switch error {
        case let error as BookmarkSourceError: return error.message
        case let error as CustomStringConvertible: return error.description
        default: return String(describing: error)
        }
    }
}
