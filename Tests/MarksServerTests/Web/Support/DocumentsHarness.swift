import Foundation
import HTTPServer
import MarksDocuments
import MarksPodcasts
@testable import MarksServer
import SQLiteDatabase
import Testing
import MarksTestSupport

/// A web harness whose Sources tab has a real sources library (its own `marks.sqlite` in the harness's temp dir, the
/// real extraction tools) and real podcast requests (`podcast.request` jobs on the harness's runner).
struct DocumentsHarness {
    let web: WebHarness
    let library: DocumentLibrary
    let podcasts: PodcastRequests
    let database: Database

    static func make(limits: DocumentLimits = DocumentLimits(), options: WebOptions = WebOptions(undoSeconds: 6, pageSize: 50,
                     timeZone: TimeZone(secondsFromGMT: 0) ?? .current)) async throws -> DocumentsHarness {
        let directory = TemporaryDirectory.reserve(prefix: "marks-web-sources")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try Database(path: directory.appendingPathComponent("marks.sqlite").path)
        let library = try DocumentLibrary(database: database, directory: directory.appendingPathComponent("sources", isDirectory: true),
                                        extractor: DocumentExtractor(tools: .find(path: nil), maximumTextBytes: limits.maximumTextBytes),
                                        limits: limits, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        var options = options
        options.sourceLibrary = library
        let web = try await WebHarness.make(options: options, configure: { _, _, options in
            options.podcasts = PodcastRequests(jobs: try #require(options.jobs), dataDirectory: directory,
                                               now: { Date(timeIntervalSince1970: 1_800_000_000) })
        })
        let podcasts = try #require(web.app.options.podcasts)
        return DocumentsHarness(web: web, library: library, podcasts: podcasts, database: database, directory: directory)
    }

    private let directory: URL

    init(web: WebHarness, library: DocumentLibrary, podcasts: PodcastRequests, database: Database, directory: URL) {
        self.web = web
        self.library = library
        self.podcasts = podcasts
        self.database = database
        self.directory = directory
    }

    func cleanUp() {
        web.cleanUp()
        do { try FileManager.default.removeItem(at: directory) } catch {} // a temp dir left behind does not fail a test
    }

    /// Files waiting in `sources/incoming/` (an upload that left something behind shows here).
    func incomingFiles() -> [String] {
        let incoming = directory.appendingPathComponent("sources/incoming")
        do {
            return try FileManager.default.contentsOfDirectory(atPath: incoming.path)
        } catch {
            return []
        }
    }

    /// Rows in `sources` (the trash too).
    func rowCount() throws -> Int {
        try database.read { try $0.queryOne("SELECT COUNT(*) FROM sources")?.int(at: 0) ?? -1 }
    }
}

/// A `multipart/form-data` body built the way browsers send one: fields and files in order.
struct MultipartBody {
    enum Part {
        case field(String, String)
        case file(name: String, filename: String, type: String, data: Data)
    }

    let boundary = "----MarksTestBoundary7MA4YWxkTrZu0gW"
    var parts: [Part]

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    var data: Data {
        var out = Data()
        for part in parts {
            out += Data("--\(boundary)\r\n".utf8)
            switch part {
            case .field(let name, let value):
                out += Data("Content-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
            case .file(let name, let filename, let type, let data):
                out += Data("Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
                out += data
                out += Data("\r\n".utf8)
            }
        }
        out += Data("--\(boundary)--\r\n".utf8)
        return out
    }
}

extension WebClient {
    /// Uploads `parts` to `/sources/upload` (the CSRF token first, as the form sends it, unless `csrf` is false).
    mutating func uploadSources(_ parts: [MultipartBody.Part], csrf withToken: Bool = true, json: Bool = false,
                                chunk: Int = 7 * 1024) async throws -> HTTPResponse {
        let body = MultipartBody(parts: (withToken ? [.field("_csrf", csrf)] : []) + parts)
        var headers = [("Origin", "http://127.0.0.1:8080"), ("Sec-Fetch-Site", "same-origin"), ("Content-Type", body.contentType)]
        if json { headers.append(("Accept", "application/json")) }
        return try await sendStreaming(.post, "/sources/upload", headers: headers, body: body.data, chunk: chunk)
    }
}
