import Foundation
import MarksClients
import MarksCore

extension Settings {
    /// The configured bookmark source: the user's linkding server, or the embedded store.
    func bookmarkSource() throws -> any BookmarkSource {
        if let linkding = config.linkding {
            let problems = linkding.problems
            guard problems.isEmpty else {
                throw CLIFailure("The linkding settings need fixing (marks login): " + problems.joined(separator: " "))
            }
            return LinkdingClient(config: linkding)
        }
        throw CLIFailure("The embedded store is not available in this build yet; configure a linkding server with marks login.")
    }
}

/// A failure a command reports with a sentence and exit code 1.
struct CLIFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
