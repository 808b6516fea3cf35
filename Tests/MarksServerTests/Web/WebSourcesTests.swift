import CryptoPrimitives
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPServer
import MarksDocuments
@testable import MarksServer
import MarksTestSupport
import StandInNetwork
import Testing

/// The Sources tab through the responder, with uploads fed through the app's body stream as the server does.
@Suite struct WebSourcesTests {
    private static func id(fromLocation location: String?) -> String? {
        guard let location, let range = location.range(of: #"/sources/[0-9a-f-]{36}"#, options: .regularExpression) else { return nil }
        return String(location[range].dropFirst("/sources/".count))
    }

    @Test func pastedTextBecomesASourceAndTheSameTextOpensTheExistingOne() async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let empty = WebClient.text(try await client.get("/sources"))
        #expect(empty.contains("id=\"sources-empty\""))
        #expect(empty.contains("action=\"/sources/upload\"") && empty.contains("enctype=\"multipart/form-data\""))
        #expect(empty.contains("type=\"file\" id=\"files\" name=\"files\" multiple"))
        #expect(empty.contains("<form method=\"get\" action=\"/sources\" role=\"search\""), "the search form is markup, not text")

        let added = try await client.post("/sources/text", [("title", "Meeting notes"), ("text", "The quarterly zebra count\r\nwent well."), ("tags", "work, notes")])
        #expect(added.status == 303)
        let location = added.headers["Location"] ?? ""
        #expect(location.contains("notice=source-added"))
        let id = try #require(Self.id(fromLocation: location))
        let page = WebClient.text(try await client.get("/sources/" + id + "?notice=source-added"))
        #expect(page.contains("Meeting notes") && page.contains("<p>The quarterly zebra count</p><p>went well.</p>") && page.contains("#work"))
        #expect(page.contains("Source saved."))
        #expect(!page.contains("id=\"open-original\""), "a pasted text has no original")

        let again = try await client.post("/sources/text", [("text", "The quarterly zebra count\nwent well.")])
        #expect(again.headers["Location"]?.contains("/sources/" + id + "?notice=source-duplicate") == true)
        #expect(try h.rowCount() == 1)

        let list = WebClient.text(try await client.get("/sources"))
        #expect(list.contains("1 source") && list.contains("href=\"/sources/\(id)\""))
        let refused = try await client.post("/sources/text", [("text", "   ")])
        #expect(refused.status == 400 && WebClient.text(refused).contains("There is no text to add."))
    }

    @Test func uploadedPDFAndTextFileAreListedWithPagesAndSearchable() async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let pdf = Data(TestPDF.make([.text(["First page about aardvarks"]), .text(["Second page about badgers"])]))
        let response = try await client.uploadSources([
            .field("tags", "papers"),
            .file(name: "files", filename: "animals-report.pdf", type: "application/pdf", data: pdf),
            .file(name: "files", filename: "plain-notes.txt", type: "text/plain", data: Data("Capybaras are large rodents.".utf8)),
        ])
        #expect(response.status == 200)
        let body = WebClient.text(response)
        #expect(body.contains("id=\"upload-results\""))
        #expect(body.components(separatedBy: "Added <a href=\"/sources/").count == 3)
        #expect(try h.rowCount() == 2)
        #expect(h.incomingFiles().isEmpty, "every streamed file was moved into the library")
        #expect(body.contains("animals-report.pdf") && body.contains("2 pages") && body.contains("#papers"))

        let found = try h.library.search("aardvarks")
        let source = try #require(found.first)
        let page = WebClient.text(try await client.get("/sources/" + source.id.uuidString.lowercased()))
        #expect(page.contains("<p class=\"page-marker\">p. 1</p>") && page.contains("<p class=\"page-marker\">p. 2</p>"))
        #expect(page.contains("Second page about badgers") && page.contains("id=\"open-original\""))

        let byBody = WebClient.text(try await client.get("/sources?q=capybaras"))
        #expect(byBody.contains("plain-notes.txt") && !byBody.contains("animals-report.pdf"))
        let byName = WebClient.text(try await client.get("/sources?q=report"))
        #expect(byName.contains("animals-report.pdf"), "the original filename is searched")
        let none = WebClient.text(try await client.get("/sources?q=zzzqqq"))
        #expect(none.contains("No results for “zzzqqq”"))
    }

    @Test func aFileOverTheLimitIs413WithTheLimitAndLeavesNothingBehind() async throws {
        let h = try await DocumentsHarness.make(limits: DocumentLimits(maximumFileBytes: 64 * 1024, maximumFilesPerUpload: 3))
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let over = try await client.uploadSources([
            .file(name: "files", filename: "fits.txt", type: "text/plain", data: Data(repeating: UInt8(ascii: "a"), count: 1000)),
            .file(name: "files", filename: "big.txt", type: "text/plain", data: Data(repeating: UInt8(ascii: "b"), count: 64 * 1024 + 1)),
        ])
        #expect(over.status == 413)
        #expect(WebClient.text(over).contains("larger than the limit of 65536 bytes") && WebClient.text(over).contains("big.txt"))
        let rows = try h.rowCount()
        #expect(h.incomingFiles().isEmpty && rows == 0, "the file before it is removed too: nothing half-done")

        let json = try await client.uploadSources([
            .file(name: "files", filename: "big.txt", type: "text/plain", data: Data(repeating: UInt8(ascii: "b"), count: 64 * 1024 + 1)),
        ], json: true)
        #expect(json.status == 413 && WebClient.text(json).contains("65536 bytes"))

        let exact = try await client.uploadSources([
            .file(name: "files", filename: "exact.txt", type: "text/plain", data: Data(repeating: UInt8(ascii: "c"), count: 64 * 1024)),
        ])
        let rowsAfter = try h.rowCount()
        #expect(exact.status == 200 && rowsAfter == 1, "a file of exactly the limit is accepted")
        #expect(h.incomingFiles().isEmpty)
    }

    @Test func moreFilesThanOneUploadMayHoldAreRefused() async throws {
        let h = try await DocumentsHarness.make(limits: DocumentLimits(maximumFilesPerUpload: 2))
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let files = (1...3).map { MultipartBody.Part.file(name: "files", filename: "n\($0).txt", type: "text/plain", data: Data("note \($0)".utf8)) }
        let response = try await client.uploadSources(files)
        #expect(response.status == 400 && WebClient.text(response).contains("At most 2 files at once."))
        let rows = try h.rowCount()
        #expect(h.incomingFiles().isEmpty && rows == 0)
    }

    @Test func anUploadCutOffMidFileLeavesNothingBehind() async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        let client = try await h.web.signedIn()
        let body = MultipartBody(parts: [.field("_csrf", client.csrf),
                                         .file(name: "files", filename: "first.txt", type: "text/plain", data: Data("complete".utf8)),
                                         .file(name: "files", filename: "cut.txt", type: "text/plain", data: Data(repeating: 0x61, count: 50_000))]).data
        var headers = HTTPHeaders([("Host", "127.0.0.1:8080"), ("Origin", "http://127.0.0.1:8080"), ("Content-Type", MultipartBody(parts: []).contentType)])
        headers["Cookie"] = client.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        let head = try HTTPRequest(method: .post, target: "/sources/upload", headers: headers)
        let stream = try #require(h.web.app.bodyStream(for: head))
        let more = body.prefix(body.count - 20_000).withUnsafeBytes { stream.write($0) }
        #expect(more)
        #expect(h.incomingFiles().count == 2, "both files are being written")
        stream.cancel()  // the client went away
        let rows = try h.rowCount()
        #expect(h.incomingFiles().isEmpty && rows == 0)
    }

    @Test func theSameContentTwiceLinksTheExistingSource() async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let data = Data("Identical bytes, twice.".utf8)
        _ = try await client.uploadSources([.file(name: "files", filename: "first.txt", type: "text/plain", data: data)])
        let existing = try #require(try h.library.list().first)
        let second = try await client.uploadSources([.file(name: "files", filename: "second.txt", type: "text/plain", data: data)], json: true)
        let body = WebClient.text(second)
        #expect(body.contains("\"status\":\"duplicate\"") && body.contains(existing.id.uuidString.lowercased()))
        let page = WebClient.text(try await client.uploadSources([.file(name: "files", filename: "third.txt", type: "text/plain", data: data)]))
        #expect(page.contains("“third.txt” is already here, with the same content") && page.contains("href=\"/sources/\(existing.id.uuidString.lowercased())\""))
        #expect(try h.rowCount() == 1)
        #expect(h.incomingFiles().isEmpty)
    }

    @Test func aGarbageBinaryIsKeptWithoutTextAndItsPodcastIsDisabled() async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        var generator = SystemRandomNumberGenerator()
        let garbage = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) } + [0, 0, 0xFF])
        let response = try await client.uploadSources([.file(name: "files", filename: "blob.bin", type: "application/octet-stream", data: garbage)])
        #expect(response.status == 200)
        let source = try #require(try h.library.list().first)
        #expect(!source.hasText)
        let page = WebClient.text(try await client.get("/sources/" + source.id.uuidString.lowercased()))
        #expect(page.contains("<button type=\"button\" disabled aria-describedby=\"podcast-why\" id=\"podcast\">Podcast</button>"))
        #expect(page.contains("There is no text."))
        let podcast = try await client.post("/sources/\(source.id.uuidString.lowercased())/podcast")
        #expect(podcast.status == 409)
        #expect(try h.podcasts.list().pending.isEmpty)
        let original = try await client.get("/sources/\(source.id.uuidString.lowercased())/original")
        #expect(original.headers["Content-Disposition"] == "attachment; filename*=UTF-8''blob.bin")
    }

    @Test(arguments: [
        "../../../etc/passwd",
        "nul\u{0}byte.txt",
        String(repeating: "long", count: 250) + ".txt",
        "\u{202E}txt.exe",
        "<script>alert(1)</script>.txt",
    ])
    func hostileFilenamesAreOnlyEscapedMetadata(_ filename: String) async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let response = try await client.uploadSources([.file(name: "files", filename: filename, type: "text/plain", data: Data("hostile \(filename.count)".utf8))])
        #expect(response.status == 200)
        let source = try #require(try h.library.list().first)
        let stored = try #require(source.originalFilename)
        #expect(!stored.unicodeScalars.contains { $0.value == 0 || $0.value == 0x202E } && stored.count <= 255)
        let list = WebClient.text(try await client.get("/sources"))
        #expect(!list.contains("<script>alert"), "shown escaped")
        #expect(!list.unicodeScalars.contains { $0.value == 0x202E })
        let original = try await client.get("/sources/\(source.id.uuidString.lowercased())/original")
        #expect(original.status == 200)
        let disposition = original.headers["Content-Disposition"] ?? ""
        #expect(disposition.hasPrefix("inline; filename*=UTF-8''"))
        #expect(disposition.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F || $0 == 0x20 }, "only escaped ASCII in the header")
        #expect(!disposition.contains("/") && !disposition.contains("\""))
        let files = FileManager.default.subpaths(atPath: try h.library.originalFile(id: source.id)?.deletingLastPathComponent().deletingLastPathComponent().path ?? "") ?? []
        #expect(files.allSatisfy { $0.hasSuffix("/original") || !$0.contains("/") }, "on disk only files/<uuid>/original")
    }

    @Test func theOriginalIsServedInlineOrAsADownloadUnderALockedPolicy() async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let pdf = Data(TestPDF.make([.text(["Policy test"])]))
        _ = try await client.uploadSources([
            .file(name: "files", filename: "résumé 2026.pdf", type: "application/pdf", data: pdf),
            .file(name: "files", filename: "page.html", type: "text/html", data: Data("<html><script>alert(1)</script>hello</html>".utf8)),
        ])
        let sources = try h.library.list()
        let pdfSource = try #require(sources.first { $0.kind == .pdf })
        let opened = try await client.get("/sources/\(pdfSource.id.uuidString.lowercased())/original")
        #expect(opened.status == 200)
        #expect(opened.headers["Content-Type"] == "application/pdf")
        #expect(opened.headers["Content-Security-Policy"] == "default-src 'none'; sandbox")
        #expect(opened.headers["X-Content-Type-Options"] == "nosniff")
        #expect(opened.headers["Content-Disposition"] == "inline; filename*=UTF-8''r%C3%A9sum%C3%A9%202026.pdf")
        if case .file(let path, _) = opened.body {
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == pdf, "the original, byte for byte")
        } else {
            Issue.record("the original is streamed from its file")
        }
        let html = try #require(sources.first { $0.originalFilename == "page.html" })
        let shown = try await client.get("/sources/\(html.id.uuidString.lowercased())/original")
        #expect(shown.headers["Content-Type"]?.hasPrefix("text/plain") == true, "HTML is shown as its source, never rendered")
        #expect(shown.headers["Content-Security-Policy"] == "default-src 'none'; sandbox")
        let text = try await client.post("/sources/text", [("text", "no original here")])
        let textID = try #require(Self.id(fromLocation: text.headers["Location"]))
        #expect(try await client.get("/sources/\(textID)/original").status == 404)
        #expect(try await client.get("/sources/not-a-uuid").status == 404)
        #expect(try await client.get("/sources/\(UUID().uuidString.lowercased())").status == 404)
    }

    @Test func editingChangesTitleTagsAndTextButNeverTheOriginal() async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let data = Data("Original words in the file.".utf8)
        _ = try await client.uploadSources([.file(name: "files", filename: "edit-me.txt", type: "text/plain", data: data)])
        let source = try #require(try h.library.list().first)
        let id = source.id.uuidString.lowercased()
        let form = WebClient.text(try await client.get("/sources/\(id)/edit"))
        #expect(form.contains("id=\"source-edit-form\"") && form.contains("Original words in the file."))
        let saved = try await client.post("/sources/\(id)/edit", [("title", "Renamed"), ("tags", "one, two"), ("body", "Edited words only.")])
        #expect(saved.status == 303 && saved.headers["Location"]?.hasPrefix("/sources/\(id)") == true)
        let edited = try h.library.source(id: source.id)
        #expect(edited.summary.title == "Renamed" && edited.summary.tags == ["one", "two"] && edited.body == "Edited words only.")
        let original = try #require(try h.library.originalFile(id: source.id))
        #expect(try Data(contentsOf: original) == data)
        #expect(try h.library.search("edited").first?.id == source.id)
    }

    @Test func deleteMovesToTheTrashAndTheNoticesUndoBringsItBack() async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let added = try await client.post("/sources/text", [("title", "Short lived"), ("text", "Soon deleted.")])
        let id = try #require(Self.id(fromLocation: added.headers["Location"]))
        let page = WebClient.text(try await client.get("/sources/\(id)"))
        #expect(page.contains("data-id=\"\(id)\" data-leave=\"/sources\" data-notice=\"source-deleted\""))
        #expect(page.contains("data-act=\"delete\""))
        let deleted = try await client.post("/sources/\(id)/delete")
        #expect(deleted.status == 303)
        let location = try #require(deleted.headers["Location"])
        #expect(location == "/sources?undo=\(id)&notice=source-deleted")
        let list = WebClient.text(try await client.get(location))
        #expect(list.contains("Source moved to the trash.") && list.contains("action=\"/sources/\(id)/restore\"") && list.contains("id=\"notice-undo\""))
        #expect(list.contains("id=\"sources-empty\""))
        #expect(try await client.get("/sources/\(id)").status == 404)
        let script = try await client.post("/sources/\(id)/restore", headers: [("Origin", "http://127.0.0.1:8080"), ("Accept", "application/json")])
        #expect(WebClient.text(script) == "{\"id\":\"\(id)\"}")
        #expect(try await client.get("/sources/\(id)").status == 200)
        #expect(try await client.post("/sources/\(id)/delete", headers: [("Origin", "http://127.0.0.1:8080"), ("Accept", "application/json")]).status == 204)
        let restored = try await client.post("/sources/\(id)/restore", [("return", "/sources")])
        #expect(restored.headers["Location"] == "/sources/\(id)?notice=source-restored")
    }

    @Test func theTrashListsDeletedSourcesToRestoreOrDeleteForever() async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        _ = try await client.uploadSources([.file(name: "files", filename: "gone.txt", type: "text/plain", data: Data("soon gone".utf8))])
        let source = try #require(try h.library.list().first)
        let id = source.id.uuidString.lowercased()
        let original = try #require(try h.library.originalFile(id: source.id))
        #expect(try await client.post("/sources/\(id)/purge").status == 404, "a live source is not deleted forever from here")
        _ = try await client.post("/sources/\(id)/delete")
        let trash = WebClient.text(try await client.get("/trash"))
        #expect(trash.contains("id=\"source-trash-rows\"") && trash.contains("gone.txt") && trash.contains("action=\"/sources/\(id)/restore\""))
        let purged = try await client.post("/sources/\(id)/purge")
        #expect(purged.headers["Location"] == "/trash?notice=purged-source")
        #expect(try h.rowCount() == 0)
        #expect(!FileManager.default.fileExists(atPath: original.path))
        #expect(!WebClient.text(try await client.get("/trash")).contains("source-trash-rows"))
    }

    @Test func podcastQueuesTheSourcesTextAndKindOnce() async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let added = try await client.post("/sources/text", [("title", "Read me aloud"), ("text", "A story worth hearing.")])
        let id = try #require(Self.id(fromLocation: added.headers["Location"]))
        let first = try await client.post("/sources/\(id)/podcast")
        #expect(first.headers["Location"] == "/sources/\(id)?notice=podcast-queued")
        let pending = try h.podcasts.list().pending
        let request = try #require(pending.first)
        #expect(pending.count == 1 && request.url == "marks-source://\(id)" && request.text == "A story worth hearing.")
        #expect(request.sourceKind == "text" && request.title == "Read me aloud" && request.bookmarkID == nil)
        let second = try await client.post("/sources/\(id)/podcast")
        #expect(second.headers["Location"] == "/sources/\(id)?notice=podcast-waiting")
        #expect(try h.podcasts.list().pending.count == 1)
    }

    @Test func anImageOnlyPDFHasNoPodcastAndOffersOCRAsAJob() async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let pdf = Data(TestPDF.make([.drawingOnly]))
        _ = try await client.uploadSources([.file(name: "files", filename: "scan.pdf", type: "application/pdf", data: pdf)])
        let source = try #require(try h.library.list().first)
        let id = source.id.uuidString.lowercased()
        let page = WebClient.text(try await client.get("/sources/\(id)"))
        #expect(page.contains("disabled aria-describedby=\"podcast-why\""))
        #expect(page.contains("id=\"extraction-note\"") && page.contains("No text"))
        #expect(source.kind == .pdf)
        try #require(!h.library.pagesForOCR(try h.library.source(id: source.id)).isEmpty,
                     "OCR needs tesseract and pdftoppm, which make test-deps installs (scripts/debian-packages.txt)")
        #expect(page.contains("id=\"ocr\""))
        let queued = try await client.post("/sources/\(id)/ocr")
        #expect(queued.headers["Location"] == "/sources/\(id)?notice=ocr-queued")
        let after = try await client.get("/sources/\(id)")
        #expect(WebClient.text(after).contains("OCR is queued.") && after.headers["Refresh"] == "5")
        #expect(!WebClient.text(after).contains("id=\"ocr\""), "no second OCR button while one is queued")
    }

    @Test func searchShowsSourcesMarkedAsSourcesAndLinkingToTheirPage() async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        _ = try await client.uploadSources([.file(name: "files", filename: "quokka-field-notes.txt", type: "text/plain",
                                                 data: Data("Observations of marsupials on Rottnest.".utf8))])
        let source = try #require(try h.library.list().first)
        let byBody = WebClient.text(try await client.get("/search?q=marsupials"))
        #expect(byBody.contains("id=\"source-results\"") && byBody.contains("<span class=\"badge\">Source</span>"))
        #expect(byBody.contains("href=\"/sources/\(source.id.uuidString.lowercased())\""))
        #expect(byBody.contains("No bookmarks match."))
        let byName = WebClient.text(try await client.get("/search?q=quokka"))
        #expect(byName.contains("id=\"source-results\""))
        let unread = WebClient.text(try await client.get("/search?q=marsupials&scope=unread"))
        #expect(!unread.contains("id=\"source-results\""), "sources are never unread")
    }

    @Test func everySourcesPostNeedsTheCSRFToken() async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let added = try await client.post("/sources/text", [("text", "Guarded.")])
        let id = try #require(Self.id(fromLocation: added.headers["Location"]))
        for path in ["/sources/text", "/sources/\(id)/edit", "/sources/\(id)/delete", "/sources/\(id)/restore", "/sources/\(id)/podcast",
                     "/sources/\(id)/ocr", "/sources/\(id)/purge"] {
            let refused = try await client.post(path, [("text", "forged"), ("title", "forged")], csrf: .some(nil))
            #expect(refused.status == 403, "\(path)")
            let wrong = try await client.post(path, [("text", "forged")], csrf: "not-the-token")
            #expect(wrong.status == 403, "\(path)")
        }
        let upload = try await client.uploadSources([.file(name: "files", filename: "forged.txt", type: "text/plain", data: Data("forged".utf8))],
                                                    csrf: false)
        #expect(upload.status == 403)
        let late = try await client.uploadSources([.file(name: "files", filename: "late.txt", type: "text/plain", data: Data("late".utf8)),
                                                   .field("_csrf", client.csrf)], csrf: false)
        #expect(late.status == 403, "the token must come before the files")
        var anonymous = h.web.anonymous()
        let signedOut = try await anonymous.uploadSources([.file(name: "files", filename: "x.txt", type: "text/plain", data: Data("x".utf8))])
        #expect(signedOut.status == 303 && signedOut.headers["Location"] == "/signin")
        #expect(try h.rowCount() == 1)
        #expect(h.incomingFiles().isEmpty)
        #expect(try h.library.source(id: try #require(UUID(uuidString: id))).body == "Guarded.")
        #expect(try h.podcasts.list().pending.isEmpty)
    }

    /// Each file is held to the Sources limit as it streams, and (issue 35 item 8) the whole request to the server's
    /// `maxBodySize` (`--max-body-mb`): three files each under the first limit but together over the second are refused.
    @Test func theUploadStopsAtItsOwnLimitAndTheWholeRequestAtTheServers() async throws {
        let h = try await DocumentsHarness.make(limits: DocumentLimits(maximumFileBytes: 1 << 20))
        defer { h.cleanUp() }
        let client = try await h.web.signedIn()
        var router = Router()
        h.web.app.register(on: &router)
        let server = try LiveServer(serving: router, configuration: .init(port: 0, maxBodySize: 2 << 20))
        let port = server.port
        func send(_ sizes: [Int]) async throws -> (Int, String) {
            let files: [MultipartBody.Part] = sizes.enumerated().map { index, size in
                .file(name: "files", filename: "live\(index).txt", type: "text/plain",
                      data: Data(repeating: 0x61 + UInt8((size + index) % 20), count: size))
            }
            let body = MultipartBody(parts: [.field("_csrf", client.csrf)] + files)
            // The raw client: a refusal comes while the body is still being sent and the server then closes, so a client
            // that reports the failed send instead of reading the answer (URLSession: "Broken pipe") fails by timing alone.
            let head = "POST /sources/upload HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: \(body.contentType)\r\n"
                + "Accept: application/json\r\nOrigin: http://127.0.0.1:\(port)\r\n"
                + "Cookie: \(client.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))\r\n"
                + "Content-Length: \(body.data.count)\r\nConnection: close\r\n\r\n"
            let response = try await RawConnection.exchange(port: port, Array(head.utf8) + Array(body.data))
            return (response.status, response.text)
        }
        do {
            let (okStatus, okBody) = try await send([900 * 1024])
            #expect(okStatus == 200 && okBody.contains("\"status\":\"added\""), "\(okStatus) \(okBody)")
            let (bigStatus, bigBody) = try await send([(1 << 20) + 1])
            #expect(bigStatus == 413 && bigBody.contains("1 MB"))
            let (manyStatus, manyBody) = try await send([900 * 1024, 901 * 1024, 902 * 1024])
            #expect(manyStatus == 413, "three files over the server's 2 MB in all: \(manyStatus) \(manyBody)")
            #expect(try h.rowCount() == 1)
            #expect(h.incomingFiles().isEmpty)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}
