import Foundation
import MarksCore

extension Settings {
    /// The configured bookmark source.
    func bookmarkSource() throws -> any BookmarkSource {
        throw CLIFailure("No bookmark source is available in this build yet.")
    }
}

/// A failure a command reports with a sentence and exit code 1.
struct CLIFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
