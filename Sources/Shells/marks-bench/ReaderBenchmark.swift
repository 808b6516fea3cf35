import Foundation
import Glibc
import HTTPClient
import MarksAccess
import MarksAssembly
import MarksCore
import MarksFetch
import MarksReading
import SQLiteDatabase
import StandInNetwork

/// `reader`: the reader page of a 10,000-word article with the markup real articles have — headings, paragraphs with
/// links, code and emphasis, lists, code blocks, a table whose first column holds only links, sized images — through
/// a real `marks serve` child (issue 37, Done-when 4): the page is served on loopback by a stand-in site, saved through
/// `/api/`, read once (fetched and archived), then read `runs` times from the archive. Prints the server time at the
/// client (p50, target ≤ 10 ms) and the page's bytes as the server sends them to a browser that accepts gzip
/// (target ≤ 60 KB), measured the way `pages` measures (`WebPagesBenchmark.timing`).
enum ReaderBenchmark {
    static let words = 10_000
    static let runs = 30
    static let targetMilliseconds = 10.0
    static let targetCompressedBytes = 60 * 1024

    static func run() async throws -> [String] {
        var markup = ArticleMarkup(seed: 37_7)
        let article = markup.page(words: words)
        let site = try RawTCPListener(.answer(.httpAnswer(status: "200 OK", contentType: "text/html; charset=utf-8", body: article.html)))
        defer { site.stop() }
        let server = try ServerProcess(environment: ["MARKS_ALLOW_PRIVATE_FETCHES": "1"])
        defer { server.stop() }
        let root = CompositionRoot(settings: Settings(dataDirectory: server.dataDirectory), context: ProcessContext(environment: [:]))
        let client = HTTPClient(name: "marks-bench-reader")
        let cookie = try await WebPagesBenchmark.signIn(client, link: try root.ownerAuth().signInLink(baseURL: server.baseURL))
        let token = try APITokenStore(directory: server.dataDirectory).token()
        let id = try await save(client, server: server, token: token, url: site.url("/guide/long-article.html").absoluteString)
        let web = [HTTPHeaderField(name: "Cookie", value: cookie)]
        let path = "/bookmarks/\(id)/read"

        // The first read fetches and archives the page; the rest read the archive, as every later visit does. Right
        // after the save the server is busy with the new page (its passages embedded by the offline model on every
        // core), so the page is timed then and again once the server is idle.
        _ = try await WebPagesBenchmark.timing(client, server.baseURL + path, headers: web)
        var busy: [Double] = []
        for _ in 0..<runs {
            busy.append(try await WebPagesBenchmark.timing(client, server.baseURL + path, headers: web))
        }
        let waited = try await waitUntilIdle(server.process.processIdentifier)
        var samples: [Double] = []
        for _ in 0..<runs {
            samples.append(try await WebPagesBenchmark.timing(client, server.baseURL + path, headers: web))
        }
        let wire = try await wireSize(client, server.baseURL + path, headers: web)
        // The archive's part, in this process over the server's own file: the row read and its tokens decoded.
        let archive = try PageArchive(database: try Database(path: server.dataDirectory.appendingPathComponent("marks.sqlite").path),
                                      fetcher: PageFetcher(policy: FetchPolicy(enabled: false)), now: { Date() })
        let pageURL = site.url("/guide/long-article.html").absoluteString
        var reads: [Double] = []
        for _ in 0..<runs {
            let began = DispatchTime.now().uptimeNanoseconds
            guard try archive.page(url: pageURL)?.article != nil else { throw BenchSupport.Failure(description: "the article was not archived") }
            reads.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6)
        }
        let p50 = BenchSupport.percentile(samples, 50)
        let timeMet = p50 <= targetMilliseconds
        let sizeMet = wire.compressed <= targetCompressedBytes
        return [
            "article: \(article.words) words (\(article.html.utf8.count / 1024) KB of HTML: \(article.headings) headings, "
                + "\(article.codeBlocks) code blocks, \(article.lists) lists, a table of \(article.tableRows) rows, "
                + "\(article.links) links, \(article.images) images), served on loopback, saved through /api/, read once",
            "GET \(path) from the archive, server time at the client on loopback, the server idle (after \(waited) s of "
                + "background work on the new page): p50 \(String(format: "%.1f", p50)) ms, "
                + "max \(String(format: "%.1f", samples.max() ?? .nan)) ms over \(runs) reads "
                + "(target ≤ \(Int(targetMilliseconds)) ms: \(timeMet ? "met" : "MISSED")); of which reading the archived article "
                + "(its row and its tokens decoded, measured in this process) p50 \(String(format: "%.1f", BenchSupport.percentile(reads, 50))) ms",
            "the same right after the save, while the server works on the new page: p50 "
                + "\(String(format: "%.1f", BenchSupport.percentile(busy, 50))) ms, max \(String(format: "%.1f", busy.max() ?? .nan)) ms",
            "reader page bytes: \(wire.plain / 1024) KB of HTML, \(String(format: "%.1f", Double(wire.compressed) / 1024)) KB "
                + "\(wire.how) (target ≤ \(targetCompressedBytes / 1024) KB: \(sizeMet ? "met" : "MISSED"))",
        ]
    }

    /// Saves `url` through `/api/bookmarks/` and returns the bookmark's id.
    private static func save(_ client: HTTPClient, server: ServerProcess, token: String, url: String) async throws -> Int {
        guard let address = URL(string: server.baseURL + "/api/bookmarks/") else { throw BenchSupport.Failure(description: "bad API URL") }
        let body = try JSONSerialization.data(withJSONObject: ["url": url, "title": "A long guide to a small language", "unread": true])
        let request = HTTPClientRequest(method: "POST", url: address,
                                        headers: [HTTPHeaderField(name: "Authorization", value: "Token \(token)"),
                                                  HTTPHeaderField(name: "Content-Type", value: "application/json")],
                                        body: body, timeout: .seconds(60), usesProxy: false)
        let answer = try await client.send(request)
        guard answer.status == 201 || answer.status == 200,
              let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any], let id = object["id"] as? Int else {
            throw BenchSupport.Failure(description: "saving through /api/ answered \(answer.status): \(String(decoding: answer.body.prefix(300), as: UTF8.self))")
        }
        return id
    }

    /// The page's bytes before compression and as sent to a browser that accepts gzip: the `Content-Length` of the
    /// server's gzip answer (the client decodes the body), or `gzip -6` of the body when the server did not compress.
    private static func wireSize(_ client: HTTPClient, _ url: String, headers: [HTTPHeaderField]) async throws
        -> (plain: Int, compressed: Int, how: String) {
        guard let address = URL(string: url) else { throw BenchSupport.Failure(description: "bad URL \(url)") }
        let request = HTTPClientRequest(url: address, headers: headers + [HTTPHeaderField(name: "Accept-Encoding", value: "gzip")],
                                        timeout: .seconds(60), usesProxy: false)
        let answer = try await client.send(request)
        guard answer.status == 200 else { throw BenchSupport.Failure(description: "\(url) answered \(answer.status)") }
        let header = { (name: String) in answer.headers.first { $0.name.lowercased() == name }?.value }
        if header("content-encoding")?.contains("gzip") == true, let length = header("content-length").flatMap(Int.init) {
            return (answer.body.count, length, "gzip from the server")
        }
        return (answer.body.count, try WebBenchmark.gzipped(answer.body), "gzip -6 of the body (the server sent it uncompressed)")
    }

    /// Waits until the server process used under 5 % of a core over a second (its CPU time from /proc), at most
    /// three minutes, and returns the seconds waited.
    private static func waitUntilIdle(_ pid: Int32) async throws -> Int {
        func cpuTicks() throws -> Int {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th.
            guard let close = stat.lastIndex(of: ")") else { throw BenchSupport.Failure(description: "unreadable /proc/\(pid)/stat") }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
                throw BenchSupport.Failure(description: "unreadable /proc/\(pid)/stat")
            }
            return user + system
        }
        let ticksPerSecond = max(1, sysconf(Int32(_SC_CLK_TCK)))
        for second in 0..<180 {
            let before = try cpuTicks()
            try await Task.sleep(for: .seconds(1))
            if (try cpuTicks() - before) * 20 < ticksPerSecond { return second + 1 }
        }
        return 180
    }
}
