import Compression
import Foundation
import HTTPServer
import MarksCore
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Testing
@testable import MarksServer

/// Settings → Import and export's downloads of the whole library: Marks JSON and the Markdown notes as a ZIP, streamed
/// through the responder, the same bytes `LibraryExport` writes for the CLI, with the highlights in them; an unknown
/// format is a 400.
@Suite struct SettingsExportTests {
    /// A harness of three bookmarks whose newest has a highlight with a note (highlights kept in `directory`).
    private static func library(_ directory: TemporaryDirectory) async throws -> (WebHarness, HighlightStore, Bookmark) {
        let highlights = try HighlightStore(database: try Database(path: directory.file("highlights.sqlite").path), now: WebHarness.now)
        let web = try await WebHarness.make(seed: 3, configure: { _, _, options in options.highlights = highlights })
        let newest = try #require(try await web.library.exportedBookmarks().first)
        _ = try highlights.add(HighlightDraft(quote: "A quoted line", note: "My note"), source: web.library.source.identity,
                               bookmarkID: newest.id, url: newest.url)
        return (web, highlights, newest)
    }

    @Test func jsonAndMarkdownZipDownloads() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-settings-export")
        defer { directory.cleanUp() }
        let (web, highlights, herons) = try await Self.library(directory)
        defer { web.cleanUp() }
        var client = try await web.signedIn()

        let json = try await client.get("/settings/export?format=json")
        #expect(json.status == 200 && json.headers["Content-Type"] == "application/json")
        #expect(json.headers["Content-Disposition"]?.hasPrefix("attachment; filename=\"marks-export-") == true)
        guard case .stream(let jsonBody) = json.body else { Issue.record("the JSON is streamed"); return }
        let text = String(decoding: try await jsonBody.collect(), as: UTF8.self)
        let expected = LibraryExport(library: web.library, highlights: highlights, archive: nil, now: { Date() })
        var collected = Data()
        try await expected.writeJSON { collected.append($0) }
        let withoutDate = { (text: String) in text.replacingOccurrences(of: #""exported_at":"[^"]*""#, with: "", options: .regularExpression) }
        #expect(withoutDate(text) == withoutDate(String(decoding: collected, as: UTF8.self)))
        #expect(text.contains("\"quote\":\"A quoted line\"") && text.contains("\"note\":\"My note\""))

        let zip = try await client.get("/settings/export?format=markdown&text=1")
        #expect(zip.status == 200 && zip.headers["Content-Type"] == "application/zip")
        guard case .stream(let zipBody) = zip.body else { Issue.record("the ZIP is streamed"); return }
        let file = directory.file("notes.zip")
        try await zipBody.collect().write(to: file)
        let archive = try ZipArchive(url: file)
        #expect(archive.entries.count == 3 && archive.entries.allSatisfy { $0.name.hasPrefix("marks/") && $0.name.hasSuffix(".md") })
        let note = try #require(archive.entries.first { $0.name.hasPrefix("marks/" + NoteFileName.slug(herons.displayTitle)) })
        let noteText = String(decoding: try archive.contents(of: note), as: UTF8.self)
        #expect(noteText.hasPrefix("---\ntitle: ") && noteText.contains("## Highlights\n\n> A quoted line\n\nMy note"), "\(noteText)")

        #expect(try await client.get("/settings/export?format=pdf").status == 400)
        #expect(WebClient.text(try await client.get("/settings")).contains("id=\"export-library\""))
    }

    @Test func anUploadedMarksExportIsRestored() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-settings-export")
        defer { directory.cleanUp() }
        let (first, highlights, bookmark) = try await Self.library(directory)
        defer { first.cleanUp() }
        var text = Data()
        try await LibraryExport(library: first.library, highlights: highlights, archive: nil, now: { Date() }).writeJSON { text.append($0) }

        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let (type, body) = WebAccountTests.multipart([("_csrf", client.csrf)], file: ("library.json", String(decoding: text, as: UTF8.self)))
        let started = try await client.send(.post, "/settings/import", headers: [("Content-Type", type), ("Origin", "http://127.0.0.1:8080")], body: body)
        let location = try #require(started.headers["Location"])
        await web.jobs.runUntilIdle()
        let page = WebClient.text(try await client.get(location))
        #expect(page.contains("Imported 3 bookmarks: 3 new, 0 updated"), "\(page)")
        let restored = try await web.library.exportedBookmarks()
        #expect(Set(restored.map(\.url)) == Set(try await first.library.exportedBookmarks().map(\.url)))
        let kept = try HighlightStore(database: try Database(path: web.directory.appendingPathComponent("marks.sqlite").path), now: WebHarness.now)
        let moved = try #require(restored.first { $0.url == bookmark.url })
        #expect(try kept.highlights(source: web.library.source.identity, bookmarkID: moved.id).map(\.note) == ["My note"])
    }
}
