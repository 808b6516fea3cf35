import Foundation
import MarksDocuments
import MarksTestSupport
import StandInNetwork
import SystemSupport
import Testing

/// Issue 12 item 6: limits and hostile input, each a test. Nothing is half-written on a failure.
@Suite struct SourceHostileInputTests {
    @Test func aFileOverTheSizeLimitIsRefusedAndLeavesNothing() async throws {
        let fixture = try SourceFixture(limits: DocumentLimits(maximumFileBytes: 1000))
        defer { fixture.directory.cleanUp() }
        let path = try fixture.file("big.txt", Array(repeating: 0x61, count: 1001))
        await #expect(throws: DocumentError.tooLarge(limit: 1000)) {
            _ = try await fixture.library.importFile(at: path)
        }
        #expect(try fixture.rowCount() == 0)
        #expect(fixture.storedFiles().isEmpty)
        #expect(DocumentError.tooLarge(limit: 100 << 20).description == "The file is larger than the limit of 100 MB.")
    }

    @Test(arguments: ["../../../etc/passwd", "evil\u{0}name.txt", String(repeating: "long", count: 250) + ".txt",
                      "invoice\u{202E}fdp.exe", "/absolute/path.txt"])
    func hostileFilenamesAreOnlyMetadata(name: String) async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let upload = try fixture.library.uploadFile()
        try Data("uploaded text".utf8).write(to: upload)
        guard case .added(let source) = try await fixture.library.importUpload(upload, filename: name) else {
            Issue.record("not added"); return
        }
        #expect(fixture.storedFiles() == ["files/\(source.summary.id.uuidString.lowercased())/original"])
        let kept = try #require(source.summary.originalFilename)
        #expect(!kept.unicodeScalars.contains { $0.value == 0 || $0 == "\u{202E}" })
        #expect(kept.count <= 255)
        #expect(!FileManager.default.fileExists(atPath: upload.path)) // moved, not copied
    }

    @Test func aHangingExtractorIsKilledAndTheSourceKeptWithTheReason() async throws {
        let stand = try TemporaryDirectory(prefix: "marks-hang")
        defer { stand.cleanUp() }
        // A stand-in pdftotext that never answers (a PDF that hangs poppler behaves the same to the runner).
        let hang = stand.file("pdftotext")
        try stand.write("pdftotext", "#!/bin/sh\nexec sleep 60\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hang.path)
        let fixture = try SourceFixture(tools: DocumentExtractor.Tools(pdftotext: hang.path, mutool: ProcessRunner.find("mutool", path: nil)),
                                        processLimits: ProcessLimits(wallClock: .milliseconds(500)))
        defer { fixture.directory.cleanUp() }
        let added = try await fixture.library.importFile(at: try fixture.file("hang.pdf", TestPDF.numbered(pages: 2)))
        guard case .added(let source) = added else { Issue.record("not added"); return }
        #expect(source.body.isEmpty)
        #expect(source.pages.isEmpty)
        #expect(source.summary.extractionNote == "no text could be extracted: the extractor was stopped (pdftotext: time limit reached)")
        #expect(try fixture.rowCount() == 1)
        #expect(fixture.storedFiles().count == 1)
    }

    @Test func aDamagedPDFFallsBackToMutool() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        // The cross-reference table cut off: poppler gives up on some damage that mupdf repairs; either way the
        // text must come out, and when poppler failed the note says mutool read it.
        var pdf = TestPDF.make([.text(["Damaged but readable walrus"])])
        let marker = Array("xref".utf8)
        let xref = try #require((0...(pdf.count - marker.count)).first { Array(pdf[$0..<$0 + marker.count]) == marker })
        pdf = Array(pdf[..<xref])
        let added = try await fixture.library.importFile(at: try fixture.file("damaged.pdf", pdf))
        guard case .added(let source) = added else { Issue.record("not added"); return }
        #expect(source.body.contains("walrus"))
    }

    @Test func aPDFThatIsNotAPDFKeepsTheReasonsOfBothTools() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let added = try await fixture.library.importFile(at: try fixture.file("fake.pdf", Array("%PDF-1.4\ngarbage garbage".utf8)))
        guard case .added(let source) = added else { Issue.record("not added"); return }
        #expect(source.body.isEmpty)
        let note = try #require(source.summary.extractionNote)
        #expect(note.hasPrefix("no text could be extracted: the PDF could not be read (pdftotext: exit status 1"))
        #expect(note.contains("mutool:"))
    }

    @Test func anEncryptedPDFSaysSo() async throws {
        let mutool = try #require(ProcessRunner.find("mutool", path: nil))
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let plain = try fixture.file("plain.pdf", TestPDF.make([.text(["secret walrus plans"])]))
        let locked = plain.deletingLastPathComponent().appendingPathComponent("locked.pdf")
        let made = try await ProcessRunner().run(mutool, ["clean", "-E", "aes-256", "-U", "userpw", "-O", "ownerpw", plain.path, locked.path])
        #expect(made.succeeded, "\(made.summary)")
        let added = try await fixture.library.importFile(at: locked)
        guard case .added(let source) = added else { Issue.record("not added"); return }
        #expect(source.body.isEmpty)
        #expect(source.summary.extractionNote == "no text could be extracted: the PDF is encrypted (it needs a password)")
    }

    @Test func emptyTextIsRefused() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        await #expect(throws: DocumentError.emptyText) { _ = try await fixture.library.addText(" \n\t ") }
        #expect(try fixture.rowCount() == 0)
    }

    @Test func searchInputCannotReachFTSSyntax() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        _ = try await fixture.library.addText("plain words here near the title or body of x")
        for query in ["NEAR(plain words)", "title:plain", "plain* OR", "(((plain", "plain\" OR \"x", "body:words -here"] {
            #expect(try fixture.library.search(query).count == 1, "\(query)")
        }
        #expect(throws: DocumentError.emptyQuery) { try fixture.library.search("*** ---") }
    }
}
