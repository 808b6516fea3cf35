import Foundation
import HTTPServer
import MarksCore
import MarksLibrary
import MarksServer
import MarksStorage

/// The web app's list page on 100,000 bookmarks in the embedded store: p50/p99 of a server render of the first
/// page through the responder seam (signed in, so auth and CSRF run too; target p50 ≤ 15 ms), and the bytes of
/// HTML + CSS + JS a browser loads for it (target ≤ 100 KB before compression).
enum WebBenchmark {
    static let bookmarkCount = 100_000

    static func run() async throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marks-bench-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { remove(directory) }

        let store = try BookmarkStore(path: directory.appendingPathComponent("marks.sqlite").path, now: { Date() })
        let start = Date(timeIntervalSince1970: 1_600_000_000)
        let entries = (0..<bookmarkCount).map { entry($0, start: start) }
        _ = try store.importBookmarks(entries)
        let source = EmbeddedBookmarkSource(store: store, baseURL: "http://127.0.0.1:8080") { BookmarkCheck.Metadata(url: $0) }
        let auth = try OwnerAuth(dataDirectory: directory, now: { Date() })

        let widgets = WidgetDataStore(directory: directory)
        let composed = try await Signed(app: webApp(source, widgets: widgets, directory: directory, auth: auth), auth: auth)
        let bare = try await Signed(app: webApp(source, widgets: nil, directory: directory, auth: auth), auth: auth)

        let page = try await composed.page("/")
        let withWidgets = try await samples(60) { _ = try await composed.page("/") }
        let withoutWidgets = try await samples(60) { _ = try await bare.page("/") }
        let sourceOnly = try await samples(60) { _ = try await source.list(BookmarkListQuery(limit: 50)) }
        let sample = try await source.list(BookmarkListQuery(limit: 50)).results
        let cpuBare = try await cpuPerRun(60) { _ = try await bare.page("/") }
        let cpuSource = try await cpuPerRun(60) { _ = try await source.list(BookmarkListQuery(limit: 50)) }
        let widgetRewrite = try await samples(30) { try widgets.saveBookmarks(sample, now: Date()) }

        let html = String(decoding: page, as: UTF8.self)
        var assetBytes = 0
        for pattern in [#"<link rel="stylesheet" href="([^"]+)""#, #"<script src="([^"]+)""#] {
            let parts = html.range(of: pattern, options: .regularExpression).map { html[$0].split(separator: "\"") } ?? []
            guard parts.count >= 2 else { throw Failure(description: "no asset for \(pattern)") }
            assetBytes += try await composed.page(String(parts[parts.count - 1])).count
        }
        let rows = html.components(separatedBy: "<li class=\"row").count - 1
        let total = page.count + assetBytes
        return [
            "list page (first \(rows) rows of \(bookmarkCount) in the embedded store) rendered through the responder, signed in: "
                + "p50 \(ms(withWidgets, 50)), p99 \(ms(withWidgets, 99)) (target p50 ≤ 15 ms)",
            "  of which: the store's first page with count p50 \(ms(sourceOnly, 50)); LibraryService's widget-file rewrite on every "
                + "unfiltered load (atomic write + fsync) p50 \(ms(widgetRewrite, 50)); the same page without widget files p50 \(ms(withoutWidgets, 50))",
            "  CPU time per request (robust to a busy machine): page without widget files \(format(cpuBare)) ms, of which the store "
                + "\(format(cpuSource)) ms and the web app (auth, library, render) \(format(cpuBare - cpuSource)) ms",
            "list page bytes: HTML \(page.count) + CSS and JS \(assetBytes) = \(total) bytes, \(format(Double(total) / 1024)) KB "
                + "before compression (target ≤ 100 KB)",
        ]
    }

    /// A web app over the store, as `marks serve` composes it (widgets nil leaves the widget files out).
    private static func webApp(_ source: EmbeddedBookmarkSource, widgets: WidgetDataStore?, directory: URL, auth: OwnerAuth) -> WebApp {
        let library = LibraryService(source: source, widgets: widgets, now: { Date() }, warn: { _ in })
        let settings = WebSettings(configStore: ConfigStore(file: directory.appendingPathComponent("config.json")),
                                   verify: { _ in ServerHealth(version: "bench", status: "healthy") }, activeServer: nil)
        return WebApp(library: library, auth: auth, settings: settings, widgets: widgets, reader: nil, options: WebOptions(stateDirectory: directory))
    }

    /// A signed-in browser for one app.
    private struct Signed {
        let app: WebApp
        let headers: HTTPHeaders

        init(app: WebApp, auth: OwnerAuth) async throws {
            self.app = app
            let link = try auth.signInLink(baseURL: "http://127.0.0.1:8080")
            let target = String(link.dropFirst("http://127.0.0.1:8080".count))
            let answer = try await app.respond(to: try HTTPRequest(method: .get, target: target, headers: ["Host": "127.0.0.1:8080"]))
            guard let cookie = answer.headers["Set-Cookie"]?.split(separator: ";").first.map(String.init) else {
                throw Failure(description: "sign-in did not set a session cookie (status \(answer.status))")
            }
            headers = ["Host": "127.0.0.1:8080", "Cookie": cookie]
        }

        func page(_ target: String) async throws -> Data {
            let answer = try await app.respond(to: try HTTPRequest(method: .get, target: target, headers: headers))
            guard answer.status == 200, case .bytes(let body) = answer.body else { throw Failure(description: "\(target) answered \(answer.status)") }
            return body
        }
    }

    /// Milliseconds of each run of `body` after one warm-up.
    private static func samples(_ count: Int, _ body: () async throws -> Void) async throws -> [Double] {
        try await body()
        var times: [Double] = []
        for _ in 0..<count {
            let began = DispatchTime.now().uptimeNanoseconds
            try await body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6)
        }
        return times
    }

    /// Process CPU milliseconds (user + system) per run of `body`.
    private static func cpuPerRun(_ count: Int, _ body: () async throws -> Void) async throws -> Double {
        try await body()
        let before = cpuMilliseconds()
        for _ in 0..<count { try await body() }
        return (cpuMilliseconds() - before) / Double(count)
    }

    private static func cpuMilliseconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec) / 1000
        let system = Double(usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_stime.tv_usec) / 1000
        return user + system
    }

    private static func ms(_ samples: [Double], _ p: Double) -> String { format(BenchSupport.percentile(samples, p)) + " ms" }

    /// A deterministic bookmark: a title and excerpt from the topic list, two tags, a quarter unread.
    private static func entry(_ index: Int, start: Date) -> NetscapeEntry {
        let first = topics[index % topics.count]
        let second = topics[(index / 7) % topics.count]
        let third = topics[(index / 3) % topics.count]
        let tag = topics[(index / 11) % topics.count]
        let title = "A bookmark about " + first + " and " + second + ", number " + String(index)
        let description = "What this page says about " + third + ", in a sentence or two of excerpt."
        return NetscapeEntry(url: "https://site" + String(index % 997) + ".example/post/" + String(index), title: title,
                             description: description, tags: [first, tag], dateAdded: start.addingTimeInterval(Double(index) * 60),
                             unread: index % 4 == 0)
    }

    private static let topics = ["swift", "linux", "sqlite", "typography", "gardening", "espresso", "compilers", "cycling",
                                 "privacy", "databases", "music", "photography", "rust", "history", "design", "networks"]

    private struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }

    private static func remove(_ directory: URL) {
        do {
            try FileManager.default.removeItem(at: directory)
        } catch {
            // A leftover temp directory does not change the figures.
        }
    }
}
