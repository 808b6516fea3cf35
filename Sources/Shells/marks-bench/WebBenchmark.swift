import Foundation
import HTTPServer
import MarksAssembly
import MarksCore
import MarksBookmarks
import MarksServer
import MarksStorage

/// The web app's list page on 100,000 bookmarks in the embedded store: p50/p99 of a server render of the first
/// page through the responder seam (signed in, so auth and CSRF run too; target p50 ≤ 5 ms) — and, for comparison,
/// the other lists and two filtered pages, which count their matches — the bytes of
/// HTML + CSS + JS a browser loads for it (≤ 100 KB before compression, ≤ 40 KB compressed: the server's own gzip
/// when it answers `Accept-Encoding: gzip`, else `gzip -6`, zlib's default level, over the same bytes), and the
/// bytes of one row's markup against the row before issue 11 (≤ half).
enum WebBenchmark {
    static let bookmarkCount = 100_000
    /// Bytes per row of the list before issue 11's rows: main at ed9e5dc, the first page of this benchmark's first
    /// 60 bookmarks (ids 11–60) in a fresh store — 7 links and 11–12 tab stops per row. `sample()` measures today's
    /// rows on the same 60.
    static let legacyRowBytes = 1131

    static func run() async throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("marks-bench-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { remove(directory) }

        // The data directory and the owner's sign-in as the composition root builds them for `marks serve`.
        let root = CompositionRoot(settings: Settings(dataDirectory: directory), context: ProcessContext(environment: [:]))
        let store = try root.data().store
        let start = Date(timeIntervalSince1970: 1_600_000_000)
        let entries = (0..<bookmarkCount).map { entry($0, start: start) }
        _ = try store.importBookmarks(entries)
        let source = try root.source()
        let auth = try root.ownerAuth()

        let widgets = root.widgets
        let composed = try await Signed(app: webApp(try root.makeLibrary(over: source, cache: nil, observers: []), widgets: widgets, directory: directory, auth: auth), auth: auth)
        let bare = try await Signed(app: webApp(bareLibrary(source), widgets: nil, directory: directory, auth: auth), auth: auth)

        let page = try await composed.page("/")
        let withWidgets = try await samples(60) { _ = try await composed.page("/") }
        let withoutWidgets = try await samples(60) { _ = try await bare.page("/") }
        // The other lists (their counts kept by the store too) and two filtered first pages, which count their matches.
        let tagPage = try await samples(30) { _ = try await composed.page("/tags/espresso") }
        let searchPage = try await samples(30) { _ = try await composed.page("/search?q=gardening") }
        let unreadPage = try await samples(30) { _ = try await composed.page("/?show=unread") }
        let archivedPage = try await samples(30) { _ = try await composed.page("/?show=archived") }
        let sourceOnly = try await samples(60) { _ = try await source.list(BookmarkListQuery(limit: 50)) }
        let sample = try await source.list(BookmarkListQuery(limit: 50)).results
        let cpuBare = try await cpuPerRun(60) { _ = try await bare.page("/") }
        let cpuSource = try await cpuPerRun(60) { _ = try await source.list(BookmarkListQuery(limit: 50)) }
        let widgetCheck = try await samples(30) { try widgets.saveBookmarks(sample, now: Date()) }
        // Two different first pages in turn: every call writes the file.
        let shifted = Array(sample.dropFirst())
        var turn = false
        let widgetRewrite = try await samples(30) {
            turn.toggle()
            try widgets.saveBookmarks(turn ? shifted : sample, now: Date())
        }
        try widgets.saveBookmarks(sample, now: Date())

        let html = String(decoding: page, as: UTF8.self)
        var assetBytes = 0
        for pattern in [#"<link rel="stylesheet" href="([^"]+)""#, #"<script src="([^"]+)""#] {
            let parts = html.range(of: pattern, options: .regularExpression).map { html[$0].split(separator: "\"") } ?? []
            guard parts.count >= 2 else { throw Failure(description: "no asset for \(pattern)") }
            assetBytes += try await composed.page(String(parts[parts.count - 1])).count
        }
        let rows = html.components(separatedBy: "<li class=\"row").count - 1
        let total = page.count + assetBytes
        let rowBytes = rowMarkupBytes(html)
        let sampleRowBytes = try await Self.sample(directory: directory, start: start)
        var wire = try await composed.wireBytes("/")
        for pattern in [#"<link rel="stylesheet" href="([^"]+)""#, #"<script src="([^"]+)""#] {
            let parts = html.range(of: pattern, options: .regularExpression).map { html[$0].split(separator: "\"") } ?? []
            let asset = try await composed.wireBytes(String(parts[parts.count - 1]))
            wire = (wire.0 + asset.0, wire.1 && asset.1)
        }
        let htmlWire = try await composed.wireBytes("/").0
        let how = wire.1 ? "gzip from the server" : "the server does not compress yet; gzip -6 of the same bytes"
        return [
            "list page (first \(rows) rows of \(bookmarkCount) in the embedded store) rendered through the responder, signed in: "
                + "p50 \(ms(withWidgets, 50)), p99 \(ms(withWidgets, 99)) (target p50 ≤ 5 ms)",
            "  of which: the store's first page with count p50 \(ms(sourceOnly, 50)); LibraryService's widget-file check on every "
                + "unfiltered load p50 \(ms(widgetCheck, 50)) (a rewrite, atomic write + fsync, only when the newest bookmarks changed: "
                + "p50 \(ms(widgetRewrite, 50))); the same page without widget files p50 \(ms(withoutWidgets, 50))",
            "  other lists, p50: Unread \(ms(unreadPage, 50)), Archived (empty here) \(ms(archivedPage, 50)) (counts kept by the store); "
                + "filtered, counting their matches: a tag's page (/tags/espresso) \(ms(tagPage, 50)), a keyword search "
                + "(/search?q=gardening) \(ms(searchPage, 50))",
            "  CPU time per request (robust to a busy machine): page without widget files \(format(cpuBare)) ms, of which the store "
                + "\(format(cpuSource)) ms and the web app (auth, library, render) \(format(cpuBare - cpuSource)) ms",
            "list page bytes: HTML \(page.count) + CSS and JS \(assetBytes) = \(total) bytes, \(format(Double(total) / 1024)) KB "
                + "before compression (target ≤ 100 KB)",
            "list page bytes over the wire, compressed (\(how)): HTML \(htmlWire), HTML + CSS + JS \(wire.0) bytes = "
                + "\(format(Double(wire.0) / 1024)) KB (target ≤ 40 KB)",
            "row markup on the first 60 bookmarks (as measured before issue 11): \(format(sampleRowBytes)) bytes per row vs "
                + "\(legacyRowBytes) = \(format(sampleRowBytes / Double(legacyRowBytes) * 100)) % (target ≤ 50 %); "
                + "on the 100k page (ids of 5–6 digits, 5 per row) \(format(rowBytes)) bytes per row",
        ]
    }

    /// The mean row bytes of the list page over a fresh store with the first 60 of these bookmarks.
    private static func sample(directory: URL, start: Date) async throws -> Double {
        let folder = directory.appendingPathComponent("sample")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let root = CompositionRoot(settings: Settings(dataDirectory: folder), context: ProcessContext(environment: [:]))
        let store = try root.data().store
        _ = try store.importBookmarks((0..<60).map { entry($0, start: start) })
        let auth = try root.ownerAuth()
        let app = try await Signed(app: webApp(try root.makeLibrary(over: try root.source(), cache: nil, observers: []), widgets: nil, directory: folder, auth: auth),
                                   auth: auth)
        return rowMarkupBytes(String(decoding: try await app.page("/"), as: UTF8.self))
    }

    /// The library over the store without widget files, cache or observers: the figure the widget-file check is told
    /// apart by, so built bare on purpose (the root's library always writes widget files).
    private static func bareLibrary(_ source: any BookmarkSource) -> LibraryService {
        LibraryService(source: source, widgets: nil, now: { Date() }, warn: { _ in })
    }

    /// A web app over `library` (the root's, or the bare one), as `marks serve` composes it.
    private static func webApp(_ library: LibraryService, widgets: WidgetDataStore?, directory: URL, auth: OwnerAuth) -> WebApp {
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

        /// The bytes of `target` as sent to a browser that accepts gzip, and whether the server compressed them
        /// (when it does not, the body is compressed here with `gzip -6` to say what it would be).
        func wireBytes(_ target: String) async throws -> (Int, Bool) {
            var all = headers
            all["Accept-Encoding"] = "gzip, deflate, br"
            let answer = try await app.respond(to: try HTTPRequest(method: .get, target: target, headers: all))
            guard answer.status == 200, case .bytes(let body) = answer.body else { throw Failure(description: "\(target) answered \(answer.status)") }
            if answer.headers["Content-Encoding"]?.contains("gzip") == true { return (body.count, true) }
            return (try WebBenchmark.gzipped(body), false)
        }

        func page(_ target: String) async throws -> Data {
            let answer = try await app.respond(to: try HTTPRequest(method: .get, target: target, headers: headers))
            guard answer.status == 200, case .bytes(let body) = answer.body else { throw Failure(description: "\(target) answered \(answer.status)") }
            return body
        }
    }

    /// The mean bytes of the `<li class="row…">…</li>` rows of a list page.
    static func rowMarkupBytes(_ html: String) -> Double {
        let pieces = html.components(separatedBy: "<li class=\"row").dropFirst()
        guard !pieces.isEmpty else { return 0 }
        var total = 0
        for piece in pieces {
            // A row ends where the next starts, or at the end of the list.
            let body = piece.components(separatedBy: "</ol>")[0]
            total += "<li class=\"row".utf8.count + body.utf8.count
        }
        return Double(total) / Double(pieces.count)
    }

    /// The size of `data` compressed by `gzip -6` (zlib's default level).
    static func gzipped(_ data: Data) throws -> Int {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("marks-bench-gzip-\(UUID().uuidString)")
        try data.write(to: file)
        defer { remove(file) }
        guard let gzip = BenchSupport.which("gzip") else { throw Failure(description: "gzip is not installed") }
        let out = try BenchSupport.run("/bin/sh", ["-c", "\"$0\" -6 -c \"$1\" | wc -c", gzip, file.path])
        guard let count = Int(out.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw Failure(description: "gzip said \(out)") }
        return count
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
