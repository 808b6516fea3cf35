import Foundation
import MarksIndex
import MarksJobs
import MarksDocuments
import MarksTestSupport
import StandInNetwork
import SystemSupport
import Testing

/// OCR of image-only PDF pages as a `sources.ocr` job: a page rendered from text by pdftoppm, embedded as a
/// scan (no text layer), read back by tesseract.
@Suite(.enabled(if: DocumentExtractor.Tools.find(path: nil).canOCR, "needs poppler-utils and tesseract-ocr"))
struct SourceOCRTests {
    @Test func anImageOnlyPageIsReadByTheOCRJob() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let text = try fixture.file("text.pdf", TestPDF.make([.text(["WALRUS HARBOUR INSPECTION", "", "The walrus colony returned in spring."])]))
        let prefix = text.deletingLastPathComponent().appendingPathComponent("scan").path
        let pdftoppm = try #require(ProcessRunner.find("pdftoppm", path: nil))
        let rendered = try await ProcessRunner().run(pdftoppm, ["-r", "150", "-gray", "-singlefile", text.path, prefix])
        #expect(rendered.succeeded, "\(rendered.summary)")
        let scan = try #require(TestPDF.parsePGM(Array(try Data(contentsOf: URL(fileURLWithPath: prefix + ".pgm")))))
        let pdf = TestPDF.make([.image(width: scan.width, height: scan.height, gray: scan.gray)])

        guard case .added(let source) = try await fixture.library.importFile(at: try fixture.file("scan.pdf", pdf)) else {
            Issue.record("not added"); return
        }
        #expect(!source.summary.hasText)
        #expect(source.summary.extractionNote == "no text could be extracted: its pages are images (OCR can read them)")
        #expect(fixture.library.pagesForOCR(source) == [1])
        let request = try #require(try fixture.library.ocrJob(for: source))

        let runner = JobRunner(store: try JobStore(database: fixture.database), log: { fixture.warnings.add($0) })
        await runner.register(fixture.library.ocrJobKind())
        let job = try await runner.enqueue(request)
        let finished = try await runner.run(id: job.id)
        #expect(finished?.state == .done, "\(String(describing: finished?.lastError))")

        let read = try fixture.library.source(id: source.summary.id)
        #expect(read.body.lowercased().contains("walrus"))
        #expect(read.pages.count == 1)
        #expect(read.summary.extractionNote == "1 page read by OCR")
        #expect(try fixture.library.search("walrus").map(\.id) == [source.summary.id])
        #expect(try fixture.index.document(id: -source.summary.number)?.description.lowercased().contains("walrus") == true)
        #expect(fixture.library.pagesForOCR(read).isEmpty)
    }

    /// Issue 35 item 12: OCR read every image page, however many; now at most `DocumentLibrary.maxOCRPages`.
    @Test func ocrReadsAtMostTheCapOfPages() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let pages = [TestPDF.Page](repeating: .image(width: 2, height: 2, gray: [0, 255, 255, 0]), count: DocumentLibrary.maxOCRPages + 5)
        guard case .added(let source) = try await fixture.library.importFile(at: try fixture.file("scans.pdf", TestPDF.make(pages))) else {
            Issue.record("not added"); return
        }
        #expect(source.summary.pageCount == DocumentLibrary.maxOCRPages + 5)
        let wanted = fixture.library.pagesForOCR(source)
        #expect(wanted.count == DocumentLibrary.maxOCRPages)
        #expect(wanted == Array(1...DocumentLibrary.maxOCRPages))
    }
}
