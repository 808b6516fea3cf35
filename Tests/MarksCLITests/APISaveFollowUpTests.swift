import Foundation
import HTTPServer
import MarksTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A bookmark saved through the embedded store's `/api/` (the linkding browser extension, mobile apps) is first-class
/// (issue 37 item 5): a real `marks serve` archives its page's text, gives it AI tags and a summary made from that text,
/// as after a save in the web app — all through the job runner, while the API answers at once as linkding does.
@Suite struct APISaveFollowUpTests {
    @Test(.enabled(if: EnrichmentCommandTests.modelInstalled, "the embedding model is not installed"), .timeLimit(.minutes(5)))
    func anAPISaveIsArchivedAndEnriched() async throws {
        let site = try LiveServer { _, _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data(SphinxArticle.html.utf8)))
        }
        defer { Task { await site.stop() } }
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let server = try RunningProcess(MarksBinary.executable, ["serve", "--port", "0"],
                                        environment: marks.environment.merging(EnrichmentCommandTests.fetching) { $1 })
        let banner = await server.output(containing: "http://")
        let base = try #require(banner.range(of: #"http://[^ \n]+/"#, options: .regularExpression).map { String(banner[$0]) },
                                "marks serve did not start: \(banner)")
        let token = try await marks.run(["token"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let page = site.baseURL.absoluteString + "/logging.html"

        var request = URLRequest(url: try #require(URL(string: base + "api/bookmarks/")))
        request.httpMethod = "POST"
        request.setValue("Token \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"url": "\#(page)", "title": "Logging HOWTO"}"#.utf8)
        let (body, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201, "\(String(decoding: body, as: UTF8.self))")
        let created = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let id = try #require(created["id"] as? Int)

        var shown = ""
        let followed = try await eventually(within: .seconds(180), every: .milliseconds(500)) {
            let status = try await marks.run(["archive-text", "--status"]).stdout
            shown = try await marks.run(["show", String(id)]).stdout
            return status.contains("1 of 1 bookmarks archived") && shown.contains("summary:") && shown.contains("ai tags:")
        }
        let ending = await server.stop()
        #expect(followed, "\(shown)\nserver log: \(ending.stderr.suffix(2000))")
        #expect(shown.contains("basicConfig") || shown.contains("logging"), "the summary comes from the page's text: \(shown)")
    }
}
