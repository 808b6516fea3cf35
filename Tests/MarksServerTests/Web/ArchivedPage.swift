import Foundation
import HTTPServer
import MarksFetch
import MarksReading
import MarksTestSupport
import SQLiteDatabase
@testable import MarksServer

/// A page served by a real local site (port 0) at `url`, read through a `PageArchive` over a real `marks.sqlite`: what
/// the reader tests open as a seeded harness's bookmark 1 (`harness()`; every seeded bookmark reads this page).
final class ArchivedPage: Sendable {
    let site: LiveServer
    let directory: TemporaryDirectory
    let archive: PageArchive
    let url: String

    init(html: String, path: String) throws {
        site = try LiveServer { _, _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data(html.utf8)))
        }
        directory = try TemporaryDirectory(prefix: "marks-archived-reader")
        archive = try PageArchive(database: try Database(path: directory.file("marks.sqlite").path),
                                  fetcher: PageFetcher(policy: FetchPolicy(allowInternalAddresses: true)), now: { Date() })
        url = site.baseURL.absoluteString + path
    }

    /// A web harness with one seeded bookmark whose reader reads this page through the archive.
    func harness() async throws -> WebHarness {
        let archive = archive
        let url = url
        return try await WebHarness.make(seed: 1, reader: { _ in try await archive.article(for: url) })
    }

    deinit {
        directory.cleanUp()  // the database's files may still be open: Linux removes them once closed
    }
}
