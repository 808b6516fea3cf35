import Foundation
import MarksAccess
import MarksAssembly
import MarksClients
import MarksCore
import MarksBookmarks
import MarksServer
import MarksStorage

/// `marks serve`'s embedded linkding API (`/api/`) under local load, and a full sync from it:
/// - `GET /api/bookmarks/?q=…&limit=20` requests per second and latency (`wrk -t2 -c16 -d4s`, token auth) against a
///   real `marks serve` whose store holds 100,000 generated bookmarks (`StoreBenchmark`'s generator: a common word near
///   30 % of rows, a rare word, a phrase, a tag, `and`, `or`, the first page, a deep offset); then paging through all of
///   them at limit=1000 (target ≤ 2 s) and the server's resident memory after that load, at once and after two idle
///   seconds (target ≤ 40 MB);
/// - a full sync of 10,000 bookmarks from a real `marks serve` to a fresh client: paging with `LinkdingClient`
///   (page sizes 100 and 1000), and `LibraryService.sync(full:)` into a fresh cache (target ≤ 5 s).
enum APIBenchmark {
    static let searchCorpus = 100_000
    static let syncCorpus = 10_000
    static let syncTarget = 5.0
    static let fullSyncTarget = 2.0
    static let rssTarget = 40.0

    static func run() async throws -> [String] {
        try await searchLines() + syncLines()
    }

    // MARK: - Search under load

    private static func searchLines() async throws -> [String] {
        guard let wrk = BenchSupport.which("wrk") else { return ["search: skipped — wrk is not installed (apt-get install wrk)"] }
        let server = try ServerProcess()
        defer { server.stop() }
        let corpus = try fillLibrary(server.dataDirectory, count: searchCorpus)
        let token = try APITokenStore(directory: server.dataDirectory).token()
        let header = "Authorization: Token \(token)"
        var lines = ["search corpus: \(corpus.created) generated bookmarks in marks serve's store"]
        // Targets: issue 15 (≥ 100× linkding's req/s where it gives one).
        let requests: [(label: String, parameters: String, target: Int?)] = [
            ("first page", "limit=20", 3_700),
            ("common word", "limit=20&q=" + corpus.common, 1_500),
            ("rare word", "limit=20&q=" + corpus.rare, nil),
            ("phrase", "limit=20&q=" + LinkdingQuery.encodeComponent("\"machine learning\""), nil),
            ("tag", "limit=20&q=" + LinkdingQuery.encodeComponent("#python"), nil),
            ("and", "limit=20&q=" + LinkdingQuery.encodeComponent("server and #linux"), nil),
            ("or", "limit=20&q=" + LinkdingQuery.encodeComponent("editor or terminal"), nil),
            ("deep offset", "limit=100&offset=50000", nil),
        ]
        for request in requests {
            let target = "/api/bookmarks/?" + request.parameters
            _ = try BenchSupport.run(wrk, ["-t1", "-c4", "-d1s", "-H", header, server.baseURL + target])  // warm-up
            let figures = WrkOutput(try BenchSupport.run(wrk, ["-t2", "-c16", "-d4s", "--latency", "-H", header, server.baseURL + target]))
            let goal = request.target.map { goal in
                "target ≥ \(goal) req/s: \((Double(figures.requestsPerSecond) ?? 0) >= Double(goal) ? "met" : "MISSED")"
            } ?? "no req/s target"
            lines.append("GET \(target) (\(request.label)), wrk -t2 -c16 -d4s: \(figures.requestsPerSecond) req/s (\(goal)), "
                + "p50 \(figures.p50), p99 \(figures.p99), errors \(figures.errors)")
        }
        let client = LinkdingClient(config: ServerConfig(host: "127.0.0.1", port: server.port, token: token, useHTTPS: false))
        var seen = 0
        let seconds = try await timed { seen = try await pageThrough(client) }
        lines.append("full sync: LinkdingClient paging through \(seen) live bookmarks at limit=1000: \(format(seconds)) "
            + "(target ≤ \(Int(fullSyncTarget)) s: \(seconds <= fullSyncTarget ? "met" : "MISSED"))")
        // Right after the last response, and once the server has been idle for two seconds (what a server that
        // served a sync then holds: `IdleMemoryTrimmer` gives back what the load freed after a quiet second).
        let pid = Int(server.process.processIdentifier)
        let atOnce = residentMegabytes(pid)
        try await Task.sleep(for: .seconds(2))
        let settled = residentMegabytes(pid)
        lines.append("marks serve resident memory after the load: \(String(format: "%.1f", atOnce)) MB at once, "
            + "\(String(format: "%.1f", settled)) MB after 2 s idle (target ≤ \(Int(rssTarget)) MB: \(settled <= rssTarget ? "met" : "MISSED"))")
        return lines
    }

    /// VmRSS of a process in MB (0 when it cannot be read).
    static func residentMegabytes(_ pid: Int) -> Double {
        let text: String
        do {
            text = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        } catch {
            return 0  // not Linux, or the process is gone: the figure shows 0
        }
        let line = text.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        let kilobytes = line.flatMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first }.flatMap { Double($0) }
        return (kilobytes ?? 0) / 1024
    }

    /// Fills the store in `directory` with `StoreBenchmark`'s generated library; returns how many were created and its
    /// common (near 30 % of rows) and rare words.
    static func fillLibrary(_ directory: URL, count: Int) throws -> (created: Int, common: String, rare: String) {
        let store = try BookmarkStore(path: directory.appendingPathComponent("marks.sqlite").path, now: { Date() })
        var generator = LibraryGenerator(seed: 20_261_129)
        let created = try store.importBookmarks((0..<count).map { generator.entry($0) }).created
        return (created, try StoreBenchmark.commonWord(store), generator.rareWord)
    }

    // MARK: - Full sync

    private static func syncLines() async throws -> [String] {
        let server = try ServerProcess()
        defer { server.stop() }
        _ = try fill(server.dataDirectory, count: syncCorpus)
        let token = try APITokenStore(directory: server.dataDirectory).token()
        let client = LinkdingClient(config: ServerConfig(host: "127.0.0.1", port: server.port, token: token, useHTTPS: false))
        var lines: [String] = []
        for limit in [100, 1000] {
            var seen = 0
            let seconds = try await timed {
                var page = try await client.list(BookmarkListQuery(limit: limit))
                seen = page.results.count
                while let next = page.next {
                    page = try await client.page(at: next)
                    seen += page.results.count
                }
            }
            lines.append("LinkdingClient paging through \(seen) live bookmarks, limit \(limit): \(format(seconds)) "
                + "(\(Int(Double(seen) / seconds)) bookmarks/s)")
        }
        let cacheDirectory = try BenchSupport.temporaryDirectory("sync-cache")
        defer { remove(cacheDirectory) }
        // A fresh data directory whose bookmark source is the live server, built as `marks sync` builds it; the library
        // without the index observer, as before: this figure is the sync into the cache (the index's is `index`'s).
        let root = CompositionRoot(settings: Settings(dataDirectory: cacheDirectory), context: ProcessContext(environment: [:]),
                                   overrides: CompositionRoot.Overrides(source: client))
        let library = try root.libraryWithoutIndex()
        var report: SyncReport?
        let seconds = try await timed { report = try await library.sync(full: true) }
        let synced = (report?.live ?? 0) + (report?.archived ?? 0)
        guard synced == syncCorpus else {
            throw BenchSupport.Failure(description: "the full sync brought \(synced) bookmarks, not \(syncCorpus)")
        }
        lines.append("LibraryService.sync(full: true) of \(synced) bookmarks (live and archived) from marks serve to a fresh cache: "
            + "\(format(seconds)) (target ≤ \(Int(syncTarget)) s: \(seconds <= syncTarget ? "met" : "MISSED"))")
        return lines
    }

    // MARK: - Helpers

    /// Writes `count` generated bookmarks into the store in `directory` (the running server sees them: SQLite in WAL
    /// mode, one transaction); returns how many were created.
    private static func fill(_ directory: URL, count: Int) throws -> Int {
        let store = try BookmarkStore(path: directory.appendingPathComponent("marks.sqlite").path, now: { Date() })
        var generator = Generator(seed: 1_46_2)
        return try store.importBookmarks((0..<count).map { generator.entry($0) }).created
    }

    static func timed(_ body: () async throws -> Void) async throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Pages through every live bookmark at limit=1000 as a full sync does; returns how many there were.
    static func pageThrough(_ client: LinkdingClient) async throws -> Int {
        var page = try await client.list(BookmarkListQuery(limit: 1000))
        var seen = page.results.count
        while let next = page.next {
            page = try await client.page(at: next)
            seen += page.results.count
        }
        return seen
    }

    private static func format(_ seconds: Double) -> String { String(format: "%.2f s", seconds) }

    private static func remove(_ directory: URL) {
        do {
            try FileManager.default.removeItem(at: directory)
        } catch {
            // A leftover temp directory is harmless; the figures are what matter.
        }
    }

    /// Deterministic bookmarks: titles and descriptions from a skewed vocabulary, 0–4 tags, some unread, some archived.
    private struct Generator {
        private static let words = ["swift", "linux", "python", "sqlite", "search", "podcast", "rust", "design", "golang",
                                    "privacy", "kubernetes", "server", "compiler", "database", "browser", "network", "security",
                                    "testing", "music", "travel", "recipes", "history", "science", "video", "reading"]
        private static let tags = ["python", "video", "rust", "golang", "docs", "tools", "news", "selfhosted", "reading", "later"]
        private var random: SplitMix

        init(seed: UInt64) { random = SplitMix(seed) }

        mutating func entry(_ index: Int) -> NetscapeEntry {
            let title = (0..<(2 + below(5))).map { _ in word() }.joined(separator: " ")
            let description = below(3) == 0 ? "" : (0..<(4 + below(12))).map { _ in word() }.joined(separator: " ")
            var names: [String] = []
            for _ in 0..<below(5) {
                let name = Self.tags[below(Self.tags.count)]
                if !names.contains(name) { names.append(name) }
            }
            return NetscapeEntry(url: "https://site\(below(500)).example.com/\(word())/\(index)", title: title.capitalized,
                                 description: description, tags: names,
                                 dateAdded: Date(timeIntervalSince1970: 1_500_000_000 + Double(index) * 600),
                                 unread: below(5) == 0, archived: below(10) == 0)
        }

        /// Skewed: early words are much more frequent.
        private mutating func word() -> String {
            let a = below(Self.words.count)
            return Self.words[below(a + 1)]
        }

        private mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

        private mutating func next() -> UInt64 { random.next() }
    }
}
