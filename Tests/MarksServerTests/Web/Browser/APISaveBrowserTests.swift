import Foundation
import HTTPServer
import MarksTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An `/api/` save is first-class (issue 37 item 5, Done-when 1), seen as a person sees it: a real `marks serve` is
/// sent a bookmark the way the linkding browser extension sends it, and without anyone touching the web app the
/// list row in Chromium comes to show an AI summary made from the page's text, AI tags and the site's icon, and the
/// title opens the reader on the archived text. The page is served on loopback and stopped before the reader opens.
@Suite struct APISaveBrowserTests {
    /// Where `make test` put the sentence-embedding model (scripts/fetch-model.sh), if it did.
    static let modelDirectory: String? = {
        let env = ProcessInfo.processInfo.environment
        let cache = env["XDG_CACHE_HOME"] ?? ((env["HOME"] ?? "/root") + "/.cache")
        let directory = env["MARKS_MODEL_DIR"] ?? cache + "/marks/models/all-MiniLM-L6-v2"
        return FileManager.default.fileExists(atPath: directory + "/model.safetensors") ? directory : nil
    }()

    @Test(.enabled(if: WebDriver.isAvailable && modelDirectory != nil && MarksBinary.builtExecutable != nil,
                   "needs chromium, chromedriver, the embedding model and the built marks executable"),
          .timeLimit(.minutes(10)))
    func anAPISaveShowsItsSummaryTagsAndIconInTheWebApp() async throws {
        let site = try LiveServer { request, _ in
            switch request.path {
            case "/favicon.ico": HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: .bytes(ReaderWebTests.png))
            default: HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data(SphinxArticle.html.utf8)))
            }
        }
        var siteRunning = true
        defer { if siteRunning { Task { await site.stop() } } }
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let environment = ["MARKS_MODEL_DIR": Self.modelDirectory ?? "", "MARKS_ALLOW_PRIVATE_FETCHES": "1", "MARKS_FETCH_PAGES": "1"]
        let server = try RunningProcess(MarksBinary.executable, ["serve", "--port", "0"],
                                        environment: marks.environment.merging(environment) { $1 })
        let banner = await server.output(containing: "http://")
        let base = try #require(banner.range(of: #"http://[^ \n]+/"#, options: .regularExpression).map { String(banner[$0].dropLast()) },
                                "marks serve did not start: \(banner)")
        let token = try await marks.run(["token"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let page = site.baseURL.absoluteString + "/logging.html"

        var request = URLRequest(url: try #require(URL(string: base + "/api/bookmarks/")))
        request.httpMethod = "POST"
        request.setValue("Token \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"url": "\#(page)", "title": "Logging HOWTO"}"#.utf8)
        let (body, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201, "\(String(decoding: body, as: UTF8.self))")
        let created = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let id = try #require(created["id"] as? Int)
        let minted = try await marks.run(["signin-link"])
        let link = try #require(minted.stdout.split(separator: "\n").first.map(String.init), "\(minted.stderr)")
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        let browser = try await WebDriver()
        do {
            try await browser.emulateViewport(width: 1280, height: 800)
            try await browser.open(link)
            try await browser.wait("the list with the API's bookmark") { try await browser.findAll("#b\(id)").count == 1 }
            // The row is read again until the job runner has done its part; nobody clicks anything in between.
            var row = "", icon = false, tags = false
            let enriched = try await eventually(within: .seconds(300), every: .seconds(2)) {
                try await browser.open(base + "/")
                row = try await browser.text("#b\(id)")
                icon = try await browser.findAll("#b\(id) img.fav").count == 1
                tags = try await browser.findAll("#b\(id) li.ai, #b\(id) .tags a").count > 0
                return row.lowercased().contains("ai summary") && tags && icon
            }
            #expect(enriched, "the row never showed a summary, tags (\(tags)) and an icon (\(icon)): \(row)\nserver: \(server.stdout.suffix(2000))")
            #expect(row.contains("basicConfig") || row.lowercased().contains("logging"), "the summary comes from the page's text: \(row)")
            try await browser.screenshot().write(to: folder.appendingPathComponent("api-save-enriched.png"))

            await site.stop()
            siteRunning = false
            try await browser.click("#b\(id) h2 a")
            try await browser.wait("the reader") { try await browser.currentURL == base + "/bookmarks/\(id)/read" }
            try await browser.wait("the archived text, with the site gone") { try await browser.text(".reader-body").contains("basicConfig") }
            await browser.quit()
        } catch {
            await browser.quit()
            throw error
        }
        _ = await server.stop()
    }
}
