import CryptoPrimitives
import Foundation
import MarksIndex
import MarksDocuments
import MarksTestSupport
import StandInNetwork
import SystemSupport
import Testing

/// The sources library end to end: real SQLite, real files, the real pdftotext/mutool, the real search index.
@Suite struct SourceLibraryTests {
    @Test func pastedTextIsKeptSearchedAndNotStoredTwice() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let first = try await fixture.library.addText("Notes on the heron migration\nThey fly south in October.", tags: ["birds", "#notes"])
        guard case .added(let source) = first else { Issue.record("not added: \(first)"); return }
        #expect(source.summary.kind == .text)
        #expect(source.summary.title == "Notes on the heron migration")
        #expect(source.summary.tags == ["birds", "notes"])
        #expect(source.summary.url.hasPrefix("marks-source://"))
        #expect(try fixture.library.search("october").map(\.id) == [source.summary.id])
        #expect(try fixture.library.search("birds").map(\.id) == [source.summary.id])
        #expect(try fixture.library.search("penguin").isEmpty)
        let again = try await fixture.library.addText("  Notes on the heron migration\nThey fly south in October.\n")
        #expect(again == .duplicate(source.summary))
        #expect(try fixture.library.list().count == 1)
        // The index holds it under a negative id, found only when the filter asks for sources.
        let hits = try fixture.index.keywordSearch("heron", filter: SearchFilter(sources: .included), limit: 10)
        #expect(hits.map(\.bookmarkID) == [-source.summary.number])
        #expect(try fixture.index.keywordSearch("heron", limit: 10).isEmpty)
        #expect(try fixture.index.removeAll(except: []) == 0)
        #expect(try fixture.index.document(id: -source.summary.number)?.url == source.summary.url)
    }

    @Test func aPDFIsImportedWithItsPagesAndFoundByBodyAndFilename() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let pdf = TestPDF.make([.text(["Quarterly report", "Revenue grew in the archipelago"]), .drawingOnly, .text(["Closing words about zeppelins"])])
        let path = try fixture.file("Q3 financials.pdf", pdf)
        let added = try await fixture.library.importFile(at: path, tags: ["work"])
        guard case .added(let source) = added else { Issue.record("not added: \(added)"); return }
        #expect(source.summary.kind == .pdf)
        #expect(source.summary.pageCount == 3)
        #expect(source.summary.originalFilename == "Q3 financials.pdf")
        #expect(source.summary.mediaType == "application/pdf")
        #expect(source.pages.count == 3)
        #expect(source.pages[0].contains("archipelago"))
        #expect(source.pages[1].isEmpty)
        #expect(source.pages[2].contains("zeppelins"))
        #expect(source.summary.extractionNote == "1 of 3 pages have no text")
        #expect(source.summary.sha256 == SHA256.hex(pdf))
        #expect(try fixture.library.search("zeppelins").map(\.id) == [source.summary.id])
        #expect(try fixture.library.search("financials").map(\.id) == [source.summary.id])
        // The original is a byte-exact copy under files/<uuid>/original; the user's name is nowhere on disk.
        let original = try #require(try fixture.library.originalFile(id: source.summary.id))
        #expect(Array(try Data(contentsOf: original)) == pdf)
        #expect(fixture.storedFiles() == ["files/\(source.summary.id.uuidString.lowercased())/original"])
        // The same bytes again are offered as the existing source.
        let again = try await fixture.library.importFile(at: try fixture.file("copy.pdf", pdf))
        #expect(again == .duplicate(source.summary))
        #expect(fixture.storedFiles().count == 1)
    }

    @Test func anImageOnlyPDFIsKeptWithoutTextAndSaysWhy() async throws {
        let fixture = try SourceFixture(tools: DocumentExtractor.Tools(pdftotext: ProcessRunner.find("pdftotext", path: nil), mutool: nil))
        defer { fixture.directory.cleanUp() }
        let added = try await fixture.library.importFile(at: try fixture.file("scan.pdf", TestPDF.make([.drawingOnly, .drawingOnly])))
        guard case .added(let source) = added else { Issue.record("not added: \(added)"); return }
        #expect(!source.summary.hasText)
        #expect(source.podcastText == nil)
        #expect(source.summary.pageCount == 2)
        #expect(source.summary.extractionNote == "no text could be extracted: its pages are images, and OCR is not installed (tesseract-ocr, tesseract-ocr-eng)")
    }

    @Test(arguments: [
        ("utf16.txt", [0xFF, 0xFE] + Array("Grüße aus Köln".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, "Grüße aus Köln", "text/plain; charset=utf-16le"),
        ("latin1.txt", [0x43, 0x61, 0x66, 0xE9, 0x20, 0x6E, 0x6F, 0xEF, 0x72], "Café noïr", "text/plain; charset=iso-8859-1"),
        ("notes.md", Array("# Heading\n\n*emphasis* kept".utf8), "# Heading\n\n*emphasis* kept", "text/markdown; charset=utf-8"),
        ("page.html", Array("<html><head><title>T</title></head><body><nav>Menu</nav><article><p>The readable paragraph about lighthouses stays here for readers.</p></article></body></html>".utf8),
         "The readable paragraph about lighthouses stays here for readers.", "text/html; charset=utf-8"),
    ] as [(String, [UInt8], String, String)])
    func textFilesAreDecoded(name: String, bytes: [UInt8], text: String, mediaType: String) async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let added = try await fixture.library.importFile(at: try fixture.file(name, bytes))
        guard case .added(let source) = added else { Issue.record("not added: \(added)"); return }
        #expect(source.summary.kind == .file)
        #expect(source.body == text)
        #expect(source.summary.mediaType == mediaType)
        #expect(source.summary.extractionNote == nil)
    }

    @Test func binaryGarbageIsStoredWithoutText() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        var generator = SeededGenerator(seed: 12)
        let garbage = (0..<50_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let added = try await fixture.library.importFile(at: try fixture.file("blob.bin", garbage))
        guard case .added(let source) = added else { Issue.record("not added: \(added)"); return }
        #expect(source.body.isEmpty)
        #expect(source.summary.byteSize == 50_000)
        #expect(source.summary.extractionNote == "no text could be extracted: the file is binary data, not text")
        #expect(fixture.storedFiles().count == 1)
    }

    @Test func editingChangesTheTextNeverTheOriginal() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let bytes = Array("first draft about otters".utf8)
        guard case .added(let source) = try await fixture.library.importFile(at: try fixture.file("draft.txt", bytes)) else {
            Issue.record("not added"); return
        }
        let edited = try await fixture.library.update(id: source.summary.id, DocumentUpdate(title: "Otters", tags: ["animals"], body: "second draft about beavers"))
        #expect(edited.summary.title == "Otters")
        #expect(edited.summary.tags == ["animals"])
        #expect(edited.body == "second draft about beavers")
        #expect(try fixture.library.search("beavers").map(\.id) == [source.summary.id])
        #expect(try fixture.library.search("otters draft").map(\.id) == [source.summary.id]) // the title now says otters
        #expect(try fixture.library.search("first").isEmpty)
        let original = try #require(try fixture.library.originalFile(id: source.summary.id))
        #expect(Array(try Data(contentsOf: original)) == bytes)
        let indexed = try #require(try fixture.index.document(id: -source.summary.number))
        #expect(indexed.description == "second draft about beavers")
    }

    @Test func deleteGoesToTheTrashRestoreBringsItBackPurgeRemovesTheFile() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        guard case .added(let source) = try await fixture.library.importFile(at: try fixture.file("keep.txt", Array("walrus facts".utf8))) else {
            Issue.record("not added"); return
        }
        _ = try await fixture.library.delete(id: source.summary.id)
        #expect(try fixture.library.list().isEmpty)
        #expect(try fixture.library.search("walrus").isEmpty)
        #expect(try fixture.index.document(id: -source.summary.number) == nil)
        #expect(try fixture.library.trash().map(\.id) == [source.summary.id])
        #expect(fixture.storedFiles().count == 1)
        _ = try await fixture.library.restore(id: source.summary.id)
        #expect(try fixture.library.search("walrus").map(\.id) == [source.summary.id])
        #expect(try fixture.index.document(id: -source.summary.number) != nil)
        try await fixture.library.purge(id: source.summary.id)
        #expect(try fixture.library.list().isEmpty)
        #expect(try fixture.library.trash().isEmpty)
        #expect(fixture.storedFiles().isEmpty)
        #expect(try fixture.index.document(id: -source.summary.number) == nil)
    }

    @Test func aPrefixNamesASourceAndAnAmbiguousOneSaysSo() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let source = try await fixture.library.addText("alpha text").summary
        #expect(try fixture.library.resolve(source.shortID).id == source.id)
        #expect(try fixture.library.resolve(source.url).id == source.id)
        #expect(throws: DocumentError.notFound("zz")) { try fixture.library.resolve("zz") }
    }
}
