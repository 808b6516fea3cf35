import Foundation
import MarksClients
import MarksCore
import MarksLibrary

extension Settings {
    /// The web address `marks serve` answers on by default (links in `next` from the embedded store use it).
    static let defaultServeURL = "http://127.0.0.1:8080"

    /// The configured bookmark source: the user's linkding server, or the embedded store in `data`.
    func bookmarkSource(data: LocalData) throws -> any BookmarkSource {
        if let linkding = config.linkding {
            let problems = linkding.problems
            guard problems.isEmpty else {
                throw CLIFailure("The linkding settings need fixing (marks login): " + problems.joined(separator: " "))
            }
            return LinkdingClient(config: linkding, timeout: requestTimeout)
        }
        let fetcher = PageFetcher(policy: FetchPolicy(config: config))
        return data.embeddedSource(baseURL: Self.defaultServeURL, metadata: PageMetadataService(fetcher: fetcher))
    }
}

/// A failure a command reports with a sentence and exit code 1.
struct CLIFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
