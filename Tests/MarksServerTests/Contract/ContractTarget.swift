import Foundation
import Testing

/// The implementations of the bookmark-source seam the contract suite runs against.
enum ContractTarget: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// The embedded store in process (`EmbeddedBookmarkSource`).
    case embedded
    /// `LinkdingClient` over real HTTP to `marks serve`'s `/api/` (MarksApp + HTTPServer on port 0, temp data dir).
    case served
    /// `LinkdingClient` to a real linkding server (`LINKDING_TEST_URL`, `LINKDING_TEST_TOKEN`).
    case linkding

    /// The targets that need nothing outside this process.
    static let local: [ContractTarget] = [.embedded, .served]

    var testDescription: String { rawValue }

    /// Where the real linkding server is, when the environment names one.
    static var linkdingServer: (url: URL, token: String)? {
        let environment = ProcessInfo.processInfo.environment
        guard let text = environment["LINKDING_TEST_URL"], let url = URL(string: text), url.host != nil,
              let token = environment["LINKDING_TEST_TOKEN"], !token.isEmpty else { return nil }
        return (url, token)
    }

    static var linkdingConfigured: Bool { linkdingServer != nil }
}
