import Foundation
import MarksDocuments
import StandInNetwork
import Testing
@testable import MarksServer
import MarksTestSupport

/// The Sources tab in headless Chromium (issue 12's "Done when"): add text, upload a PDF and a text file with the
/// script's per-file progress, search finds a word of the body and one of the filename, edit, open the original,
/// delete + Undo, the podcast action disabled for an image-only PDF; axe-core on the list, a source's page and the
/// upload state, at desktop and phone widths, light and dark.
@Suite struct SourcesBrowserTests {
    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .timeLimit(.minutes(10)))
    func addUploadSearchEditOpenDeleteUndoAndPodcast() async throws {
        let h = try await DocumentsHarness.make(options: WebOptions(undoSeconds: 60, pageSize: 50, timeZone: TimeZone(secondsFromGMT: 0) ?? .current))
        defer { h.cleanUp() }
        let inputs = TemporaryDirectory.reserve(prefix: "marks-sources-upload")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        defer { do { try FileManager.default.removeItem(at: inputs) } catch {} }  // a temp dir left behind does not fail a test
        let pdf = inputs.appendingPathComponent("wombat-report.pdf")
        try Data(TestPDF.make([.text(["Burrows of the hairy-nosed aardvark"]), .text(["Page two about echidnas"])])).write(to: pdf)
        let text = inputs.appendingPathComponent("field-notes.txt")
        try Data("Capybaras graze near the river at dawn.".utf8).write(to: text)
        let scan = inputs.appendingPathComponent("scanned.pdf")
        try Data(TestPDF.make([.drawingOnly])).write(to: scan)

        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var serious: [String] = []
        try await WebDriver.serving(h.web) { browser, base in
            try await browser.resize(width: 1280, height: 900)
            try await browser.open(try h.web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            try await browser.open(base + "/sources")
            #expect(try await browser.findAll("#sources-empty").count == 1)

            // Add text.
            try await browser.type("Pasted thoughts", into: "#paste-form #title")
            try await browser.type("Notes about platypus venom.", into: "#text")
            try await browser.click("#paste-save")
            try await browser.wait("the new source's page") { try await browser.text("main").contains("Source saved.") }
            #expect(try await browser.text("#source-text").contains("platypus venom"))

            // Upload a PDF and a text file: one request each, with progress, then what happened to each.
            try await browser.open(base + "/sources")
            try await browser.click("#source-adder > summary")
            try await browser.type(pdf.path + "\n" + text.path, into: "#files", clear: false)
            try await browser.click("#upload-send")
            try await browser.wait("both files added") {
                let lines = try await browser.findAll("#upload-progress li").count
                let text = try await browser.text("#upload-progress")
                return lines == 3 && text.components(separatedBy: "Added:").count == 3
            }
            serious += try await axe(browser, "upload-state-light-desktop", folder)
            #expect(try h.rowCount() == 3)
            #expect(h.incomingFiles().isEmpty)

            // The list, and search by a body word and by a filename word.
            try await browser.open(base + "/sources")
            #expect(try await browser.findAll("#source-rows > li").count == 3)
            serious += try await axe(browser, "sources-light-desktop", folder)
            try await browser.open(base + "/sources?q=capybaras")
            #expect(try await browser.findAll("#source-rows > li").count == 1)
            #expect(try await browser.text("#source-rows").contains("field-notes.txt"))
            try await browser.type("wombat", into: "#source-q")
            try await browser.click(".source-search button")
            try await browser.wait("the filename search") { try await browser.currentURL.contains("q=wombat") }
            #expect(try await browser.findAll("#source-rows > li").count == 1)
            try await browser.open(base + "/search?q=echidnas")
            #expect(try await browser.findAll("#source-results > li").count == 1, "Search shows the source, marked as one")

            // The PDF's page: page markers, edit, the original's headers.
            let report = try #require(try h.library.list().first { $0.kind == .pdf })
            let id = report.id.uuidString.lowercased()
            try await browser.open(base + "/sources/" + id)
            #expect(try await browser.text("#source-text").contains("p. 2"))
            serious += try await axe(browser, "source-light-desktop", folder)
            try await browser.click("#edit-source")
            try await browser.wait("the edit form") { try await browser.findAll("#source-edit-form").count == 1 }
            try await browser.type("Wombat field report", into: "#title")
            try await browser.click("#save")
            try await browser.wait("saved") { try await browser.text("main").contains("Changes saved.") }
            #expect(try await browser.text("#source-title") == "Wombat field report")
            let headers = try await browser.run("""
                const x = new XMLHttpRequest(); x.open("GET", document.getElementById("open-original").href, false); x.send();
                return [x.status, x.getResponseHeader("Content-Type"), x.getResponseHeader("Content-Security-Policy"), x.getResponseHeader("Content-Disposition")];
                """) as? [Any]
            #expect(headers?.first as? Int == 200)
            #expect(headers?.dropFirst().compactMap { $0 as? String } == ["application/pdf", "default-src 'none'; sandbox", "inline; filename*=UTF-8''wombat-report.pdf"])
            let notes = try #require(try h.library.list().first { $0.originalFilename == "field-notes.txt" })
            try await browser.open(base + "/sources/" + notes.id.uuidString.lowercased() + "/original")
            #expect(try await browser.text("body").contains("Capybaras graze"), "a text original opens in the browser")

            // Delete, then Undo from the notice.
            try await browser.open(base + "/sources/" + id)
            try await browser.click("#delete-source")
            try await browser.wait("the list with Undo") { try await browser.findAll("#notice-undo").count == 1 }
            #expect(try h.library.trash().map(\.id) == [report.id])
            try await browser.click("#notice-undo")
            try await browser.wait("restored") { try await browser.text("main").contains("Source restored.") }
            #expect(try h.library.trash().isEmpty)

            // An image-only PDF: no text, so no podcast (and why); a text source queues one.
            try await browser.open(base + "/sources")
            try await browser.click("#source-adder > summary")
            try await browser.type(scan.path, into: "#files", clear: false)
            try await browser.click("#upload-send")
            try await browser.wait("the scan added") { try await browser.text("#upload-progress").contains("Added:") }
            let scanned = try #require(try h.library.list().first { $0.originalFilename == "scanned.pdf" })
            try await browser.open(base + "/sources/" + scanned.id.uuidString.lowercased())
            #expect(try await browser.property("#podcast", "disabled") as? Bool == true)
            #expect(try await browser.text("#podcast-why").contains("no text to read"))
            try await browser.open(base + "/sources/" + notes.id.uuidString.lowercased())
            try await browser.click("#podcast")
            try await browser.wait("queued") { try await browser.text("main").contains("Podcast queued") }
            #expect(try h.podcasts.list().pending.map(\.url) == [notes.url])

            // Dark mode and the phone width.
            try await browser.emulateColorScheme("dark")
            try await browser.open(base + "/sources")
            serious += try await axe(browser, "sources-dark-desktop", folder)
            try await browser.resize(width: 390, height: 844)
            try await browser.open(base + "/sources")
            serious += try await axe(browser, "sources-dark-phone", folder)
            try await browser.open(base + "/sources/" + id)
            serious += try await axe(browser, "source-dark-phone", folder)
            try await browser.emulateColorScheme("light")
            try await browser.open(base + "/sources/" + id)
            serious += try await axe(browser, "source-light-phone", folder)
        }
        #expect(serious.isEmpty, "axe-core: \(serious.joined(separator: "\n"))")
    }

    /// Serious axe-core violations of the current page, and a screenshot of it.
    private func axe(_ browser: WebDriver, _ name: String, _ folder: URL) async throws -> [String] {
        try await browser.screenshot().write(to: folder.appendingPathComponent("sources-\(name).png"))
        return try await browser.axe().filter(\.isSerious).map { "\(name): \($0)" }
    }
}
