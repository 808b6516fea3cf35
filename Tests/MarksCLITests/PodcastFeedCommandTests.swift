import Foundation
import MarksTestSupport
import Testing

/// `marks podcast feed` through the real binary: the private feed's URL with a secret made once and kept, on the
/// default address (with the note that only this computer can open it), on `--web`, and on the configured public URL.
@Suite struct PodcastFeedCommandTests {
    @Test func printsTheFeedsAddressWithAStableSecret() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let first = try await marks.run(["podcast", "feed"])
        #expect(first.code == 0, "\(first.stderr)")
        let url = first.stdout.trimmingCharacters(in: .newlines)
        #expect(url.hasPrefix("http://127.0.0.1:8080/feed/") && url.hasSuffix("/podcast.xml"), "\(url)")
        let secret = url.dropFirst("http://127.0.0.1:8080/feed/".count).dropLast("/podcast.xml".count)
        #expect(secret.count == 43 && secret.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }, "\(secret)")
        #expect(first.stderr.contains("works on this computer only"), "\(first.stderr)")

        let again = try await marks.run(["podcast", "feed"])
        #expect(again.stdout == first.stdout, "the secret is made once and kept")

        let onWeb = try await marks.run(["podcast", "feed", "--web", "http://192.168.1.5:9000/"])
        #expect(onWeb.stdout == "http://192.168.1.5:9000/feed/\(secret)/podcast.xml\n")
        #expect(!onWeb.stderr.contains("this computer only"))

        let published = try await marks.run(["podcast", "feed", "--json"], extraEnvironment: ["MARKS_PUBLIC_URL": "https://marks.example/"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(published.stdout.utf8)) as? [String: Any])
        #expect(json["url"] as? String == "https://marks.example/feed/\(secret)/podcast.xml")
        #expect(json["only_this_computer"] as? Bool == false)
    }
}
