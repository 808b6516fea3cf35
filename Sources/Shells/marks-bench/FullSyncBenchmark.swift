import Foundation
import HTTPClient
import MarksAccess
import MarksClients
import MarksCore
import MarksServer
import MarksStorage

/// Issue 15's full sync alone, and where its time goes: `LinkdingClient` paging through 100,000 generated bookmarks at
/// limit=1000 from a real `marks serve` (the `api` section's figure, target ≤ 2 s), then the same pages fetched as raw
/// bytes (the server's row loading and JSON encoding, and HTTP) and decoded on their own, so the split is printed in
/// one run. Profile it with `perf record -a -g -- marks-bench fullsync` (`perf report --comm marks` is the server).
enum FullSyncBenchmark {
    static func run() async throws -> [String] {
        let server = try ServerProcess()
        defer { server.stop() }
        let corpus = try APIBenchmark.fillLibrary(server.dataDirectory, count: APIBenchmark.searchCorpus)
        let token = try APITokenStore(directory: server.dataDirectory).token()
        let config = ServerConfig(host: "127.0.0.1", port: server.port, token: token, useHTTPS: false)
        let client = LinkdingClient(config: config)
        var lines = ["corpus: \(corpus.created) generated bookmarks in marks serve's store"]
        var seen = 0
        for round in 1...3 {
            let seconds = try await APIBenchmark.timed { seen = try await APIBenchmark.pageThrough(client) }
            lines.append("full sync \(round): LinkdingClient paging through \(seen) live bookmarks at limit=1000: "
                + "\(String(format: "%.2f s", seconds)) (\(String(format: "%.1f", seconds * 1e6 / Double(max(seen, 1)))) µs a bookmark, "
                + "target ≤ \(Int(APIBenchmark.fullSyncTarget)) s: \(seconds <= APIBenchmark.fullSyncTarget ? "met" : "MISSED"))")
        }

        // The same pages as bytes: server work and HTTP, no decoding.
        var bodies: [Data] = []
        var pageSeconds: [Double] = []
        let transport = HTTPTransport.live
        let fetchSeconds = try await APIBenchmark.timed {
            var offset = 0
            while true {
                let request = try LinkdingEndpoint.listBookmarks(BookmarkListQuery(limit: 1000, offset: offset))
                    .request(config: config, timeout: LinkdingClient.defaultTimeout)
                let started = DispatchTime.now().uptimeNanoseconds
                let response = try await transport.send(request)
                pageSeconds.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
                guard response.status == 200 else { throw BenchSupport.Failure(description: "status \(response.status)") }
                bodies.append(response.body)
                offset += 1000
                if offset >= seen { break }
            }
        }
        let bytes = bodies.reduce(0) { $0 + $1.count }
        lines.append("raw pages (server row loading, JSON encoding and HTTP): \(bodies.count) pages, "
            + "\(bytes / 1_000_000) MB in \(String(format: "%.2f s", fetchSeconds))")
        // The server's two parts alone, in this process: the store's pages, and their JSON as the API writes it.
        let store = try BookmarkStore(path: server.dataDirectory.appendingPathComponent("marks.sqlite").path, now: { Date() })
        var pages: [[Bookmark]] = []
        let loading = try BenchSupport.time {
            var offset = 0
            while offset < seen {
                pages.append(try store.list(BookmarkListQuery(limit: 1000, offset: offset)).results)
                offset += 1000
            }
        }
        var encodedBytes = 0
        let encoding = BenchSupport.time {
            for page in pages {
                encodedBytes += Page(count: seen, next: nil, previous: nil, results: page).jsonValue { $0.jsonValue }.data.count
            }
        }
        lines.append("of which the store's rows (BookmarkStore.list, in process): \(String(format: "%.2f s", loading)); "
            + "JSON encoding (JSONValue, in process): \(String(format: "%.2f s", encoding)) (\(encodedBytes / 1_000_000) MB)")
        func milliseconds(_ pages: ArraySlice<Double>) -> String {
            String(format: "%.1f ms", pages.reduce(0, +) / Double(max(pages.count, 1)) * 1000)
        }
        lines.append("a raw page takes \(milliseconds(pageSeconds.prefix(10))) for the first ten, "
            + "\(milliseconds(pageSeconds.dropLast().suffix(10))) for the last ten (the offset walk)")
        var decoded = 0
        let foundation = try BenchSupport.time {
            for body in bodies { decoded += try JSONDecoder().decode(Page<Bookmark>.self, from: body).results.count }
        }
        lines.append("decoding them with JSONDecoder: \(String(format: "%.2f s", foundation)) (\(decoded) bookmarks)")
        var read = 0
        let reader = try BenchSupport.time {
            for body in bodies {
                guard let page = BookmarkPageReader.page(body) else {
                    throw BenchSupport.Failure(description: "BookmarkPageReader did not read a page marks serve wrote")
                }
                read += page.results.count
            }
        }
        lines.append("reading them with BookmarkPageReader: \(String(format: "%.2f s", reader)) (\(read) bookmarks, "
            + "\(String(format: "%.1f", foundation / max(reader, 1e-9)))× JSONDecoder)")
        return lines
    }
}
