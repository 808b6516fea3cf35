import Compression
import Foundation
@testable import MarksDocuments
import MarksTestSupport
import Testing

/// EPUB books imported as sources: the chapters of the spine in order, one "page" each, the OPF's title; and the
/// hostile books (a zip bomb, absurd entry counts, path tricks, a missing or garbled OPF) kept without text and why.
@Suite struct SourceEPUBTests {
    static let chapters: [(file: String, heading: String, paragraphs: [String])] = [
        ("text/one.xhtml", "The Harbour", ["The ferry left the harbour at dawn, carrying lanterns and a quiet crew of cartographers."]),
        ("text/two.xhtml", "The Lighthouse", ["A keeper named Orsolya counted the gulls each evening and wrote their number in a ledger."]),
        ("text/three.xhtml", "The Return", ["Winter brought the ferry home, its hold full of maps of islands nobody had named yet."]),
    ]

    @Test func aBookIsReadChapterByChapterInSpineOrderWithItsTitle() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        // The spine, not the manifest or the ZIP's order, decides the reading order.
        let book = try TestEPUB.make(title: "Maps of Unnamed Islands", chapters: Self.chapters,
                                     spineOrder: ["text/two.xhtml", "text/one.xhtml", "text/three.xhtml"])
        let added = try await fixture.library.importFile(at: try fixture.file("islands.epub", book), tags: ["books"])
        guard case .added(let source) = added else { Issue.record("not added: \(added)"); return }
        #expect(source.summary.title == "Maps of Unnamed Islands")
        #expect(source.summary.mediaType == "application/epub+zip")
        #expect(source.summary.kind == .file)
        #expect(source.summary.pageCount == 3)
        #expect(source.summary.pageUnit == "chapter")
        #expect(source.summary.pageMarker(2) == "ch. 2")
        #expect(source.summary.extractionNote == nil)
        #expect(source.pages.count == 3)
        #expect(source.pages[0].contains("Orsolya"))
        #expect(source.pages[1].contains("cartographers"))
        #expect(source.pages[2].contains("islands nobody had named"))
        #expect(source.body.range(of: "Orsolya")!.lowerBound < source.body.range(of: "cartographers")!.lowerBound)
        #expect(try fixture.library.search("orsolya").map(\.id) == [source.summary.id])
        #expect(try fixture.library.search("unnamed islands").map(\.id) == [source.summary.id])
    }

    @Test func aTitleTheUserGivesWinsOverTheBooksAndABlankOneDoesNot() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let book = try TestEPUB.make(title: "The Book's Own Title", chapters: Self.chapters)
        let given = try await fixture.library.importFile(at: try fixture.file("a.epub", book), title: "Mine")
        #expect(given.summary.title == "Mine")
        let other = try TestEPUB.make(title: "Second Book", chapters: [Self.chapters[0]])
        let blank = try await fixture.library.importFile(at: try fixture.file("b.epub", other), title: "  ")
        #expect(blank.summary.title == "Second Book")
    }

    @Test func anEPUBIsRecognisedByItsBytesWithoutTheExtension() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let book = try TestEPUB.make(title: "No Extension", chapters: Self.chapters)
        let added = try await fixture.library.importFile(at: try fixture.file("download", book))
        #expect(added.summary.mediaType == "application/epub+zip")
        #expect(added.summary.title == "No Extension")
        #expect(added.summary.pageCount == 3)
        // Any other ZIP is still "not text".
        let zip = try TestZip.make([TestZip.Entry(name: "notes.txt", bytes: Array("hello".utf8))])
        let other = try await fixture.library.importFile(at: try fixture.file("archive.zip", zip))
        #expect(other.summary.extractionNote == "no text could be extracted: a ZIP archive is not text")
    }

    /// Each hostile book is kept (row and original) without text, with the reason.
    @Test(arguments: HostileBook.allCases)
    func aHostileBookIsKeptWithoutTextAndTheReason(_ book: HostileBook) async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let added = try await fixture.library.importFile(at: try fixture.file("hostile.epub", try book.bytes()))
        guard case .added(let source) = added else { Issue.record("not added: \(added)"); return }
        let note = try #require(source.summary.extractionNote)
        #expect(note.hasPrefix("no text could be extracted: "), "\(note)")
        #expect(note.contains(book.reason), "\(note)")
        #expect(!source.summary.hasText)
        #expect(source.pages.isEmpty)
        #expect(try fixture.rowCount() == 1)
        #expect(fixture.storedFiles() == ["files/\(source.summary.id.uuidString.lowercased())/original"])
    }

    enum HostileBook: String, CaseIterable, CustomTestStringConvertible {
        case zipBomb, lyingSize, tooManyEntries, missingContainer, missingOPF, garbledOPF, opfOutsideTheBook, chapterOutsideTheBook,
             noSpine, truncated, notAZip, encryptedEntry

        var testDescription: String { rawValue }

        /// What the note must say.
        var reason: String {
            switch self {
            case .zipBomb, .lyingSize: "inflates to more than"
            case .tooManyEntries: "entries (at most 10000)"
            case .missingContainer: "has no META-INF/container.xml"
            case .missingOPF, .opfOutsideTheBook: "names no package (OPF) file"
            case .garbledOPF: "package file (OEBPS/content.opf) is not well-formed XML"
            case .chapterOutsideTheBook: "points outside the book"
            case .noSpine: "has no spine"
            case .truncated, .notAZip: "no end of central directory"
            case .encryptedEntry: "is encrypted"
            }
        }

        func bytes() throws -> [UInt8] {
            let chapters = SourceEPUBTests.chapters
            switch self {
            case .zipBomb:
                // 40 MB of zeros deflate to ~40 KB: the chapter's 16 MB limit stops inflating.
                let bomb = TestZip.Entry(name: "OEBPS/text/one.xhtml", bytes: [UInt8](repeating: 0x20, count: 40 << 20))
                return try TestZip.make(TestEPUB.skeleton(opf: TestEPUB.opf(title: "Bomb", files: ["text/one.xhtml"])) + [bomb])
            case .lyingSize:
                // The header claims 100 bytes; inflating finds 20 MB.
                let opf = TestEPUB.opf(title: "Liar", files: ["text/one.xhtml"])
                return try TestZip.make(TestEPUB.skeleton(opf: opf) + [TestZip.Entry(name: "OEBPS/text/one.xhtml", bytes: [UInt8](repeating: 0x41, count: 20 << 20))],
                                        claimedSizes: ["OEBPS/text/one.xhtml": 100])
            case .tooManyEntries:
                let many = (0..<10_001).map { TestZip.Entry(name: "junk/\($0)", bytes: [], deflated: false) }
                return try TestEPUB.make(title: "Crowd", chapters: chapters, extra: many)
            case .missingContainer:
                return try TestZip.make([TestZip.Entry(name: "mimetype", bytes: Array("application/epub+zip".utf8), deflated: false),
                                         TestZip.Entry(name: "OEBPS/content.opf", bytes: Array(TestEPUB.opf(title: "x", files: []).utf8))])
            case .missingOPF:
                return try TestZip.make([TestZip.Entry(name: "mimetype", bytes: Array("application/epub+zip".utf8), deflated: false),
                                         TestZip.Entry(name: "META-INF/container.xml", bytes: Array(TestEPUB.container.utf8))])
            case .garbledOPF:
                return try TestEPUB.make(title: "x", chapters: chapters, opf: "<package><metadata><dc:title>unclosed & broken</package")
            case .opfOutsideTheBook:
                let container = TestEPUB.container.replacingOccurrences(of: "OEBPS/content.opf", with: "../../etc/content.opf")
                return try TestZip.make([TestZip.Entry(name: "mimetype", bytes: Array("application/epub+zip".utf8), deflated: false),
                                         TestZip.Entry(name: "META-INF/container.xml", bytes: Array(container.utf8)),
                                         TestZip.Entry(name: "../../etc/content.opf", bytes: Array(TestEPUB.opf(title: "x", files: ["a.xhtml"]).utf8))])
            case .chapterOutsideTheBook:
                let opf = TestEPUB.opf(title: "Escape", files: ["../../../etc/passwd", "/etc/passwd", "file:///etc/passwd"])
                return try TestZip.make(TestEPUB.skeleton(opf: opf) + [TestZip.Entry(name: "../../etc/passwd", bytes: Array("root:x:0:0".utf8))])
            case .noSpine:
                return try TestZip.make(TestEPUB.skeleton(opf: TestEPUB.opf(title: "Empty", files: [])))
            case .truncated:
                let whole = try TestEPUB.make(title: "Cut", chapters: chapters)
                return Array(whole.prefix(whole.count / 2))
            case .notAZip:
                return Array("PK\u{03}\u{04} this is not really a zip archive, only its magic number".utf8)
            case .encryptedEntry:
                var bytes = try TestEPUB.make(title: "Locked", chapters: [chapters[0]])
                bytes.setEncryptedFlag(on: "OEBPS/text/one.xhtml")
                return bytes
            }
        }
    }

    @Test func aLongBookStopsReadingAtTheTextLimitAndSaysSo() async throws {
        let fixture = try SourceFixture(limits: DocumentLimits(maximumTextBytes: 300))
        defer { fixture.directory.cleanUp() }
        let chapters = (1...50).map { ("c\($0).xhtml", "Chapter \($0)", [String(repeating: "Lantern light over the bay. ", count: 8)]) }
        let added = try await fixture.library.importFile(at: try fixture.file("long.epub", try TestEPUB.make(title: "Long", chapters: chapters)))
        #expect(added.summary.textLength <= 300)
        let note = try #require(added.summary.extractionNote)
        #expect(note.contains("of 50 chapters were read (the text limit)"), "\(note)")
        #expect(note.contains("only the first 300 B of text were kept") || note.contains("of text were kept"), "\(note)")
    }

    @Test func anEntryWhoseCompressedBytesExceedWhatItMayInflateToIsNotRead() throws {
        let directory = try TemporaryDirectory(prefix: "marks-zip")
        defer { directory.cleanUp() }
        let url = directory.file("big.zip")
        var random = SystemRandomNumberGenerator()
        let noise = (0..<(3 << 20)).map { _ in UInt8.random(in: 0...255, using: &random) }
        try Data(try TestZip.make([TestZip.Entry(name: "noise", bytes: noise)], claimedSizes: ["noise": 10])).write(to: url)
        let archive = try ZipArchive(url: url, limits: ZipArchive.Limits(maximumEntries: 10, maximumEntryBytes: 1 << 20, maximumTotalBytes: 8 << 20))
        #expect(throws: ZipError.tooLarge("“noise” holds more than 1048576 bytes")) { try archive.contents(of: archive.entries[0]) }
    }

    @Test func theZipReaderStopsAtItsTotalLimitAcrossEntries() throws {
        let directory = try TemporaryDirectory(prefix: "marks-zip")
        defer { directory.cleanUp() }
        let url = directory.file("many.zip")
        // Five entries of 1 MB each, all within the entry limit; the total limit of 3 MB stops the fourth.
        let entries = (0..<5).map { TestZip.Entry(name: "e\($0)", bytes: [UInt8](repeating: 0x61, count: 1 << 20)) }
        try Data(try TestZip.make(entries)).write(to: url)
        let archive = try ZipArchive(url: url, limits: ZipArchive.Limits(maximumEntries: 10, maximumEntryBytes: 2 << 20, maximumTotalBytes: 3 << 20))
        #expect(archive.entries.map(\.name) == ["e0", "e1", "e2", "e3", "e4"])
        for entry in archive.entries.prefix(3) { #expect(try archive.contents(of: entry).count == 1 << 20) }
        #expect(throws: ZipError.self) { try archive.contents(of: archive.entries[3]) }
    }

    @Test(arguments: [
        ("text/one.xhtml", "OEBPS", "OEBPS/text/one.xhtml"),
        ("../images/../text/a%20b.xhtml#part2", "OEBPS/x", "OEBPS/text/a b.xhtml"),
        ("./a.xhtml", "", "a.xhtml"),
    ])
    func hrefsResolveInsideTheBook(_ href: String, _ base: String, _ expected: String) {
        #expect(EPUBReader.resolve(href, from: base) == expected)
    }

    @Test(arguments: ["../a.xhtml", "/etc/passwd", "file:///etc/passwd", "a%00b.xhtml", "..%2F..%2Fetc", "", "#only-a-fragment", "a\\..\\b"])
    func hrefsThatLeaveTheBookAreRefused(_ href: String) {
        #expect(EPUBReader.resolve(href, from: "") == nil)
    }
}

extension TestEPUB {
    /// `mimetype`, `container.xml` and an OPF.
    static func skeleton(opf: String) -> [TestZip.Entry] {
        [TestZip.Entry(name: "mimetype", bytes: Array("application/epub+zip".utf8), deflated: false),
         TestZip.Entry(name: "META-INF/container.xml", bytes: Array(container.utf8)),
         TestZip.Entry(name: "OEBPS/content.opf", bytes: Array(opf.utf8))]
    }

    /// An OPF whose manifest and spine list `files` (hrefs as given).
    static func opf(title: String, files: [String]) -> String {
        """
        <?xml version="1.0"?>
        <package xmlns="http://www.idpf.org/2007/opf" version="3.0">
          <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>\(title)</dc:title></metadata>
          <manifest>\(files.enumerated().map { "<item id=\"i\($0.offset)\" href=\"\($0.element)\" media-type=\"application/xhtml+xml\"/>" }.joined())</manifest>
          <spine>\(files.indices.map { "<itemref idref=\"i\($0)\"/>" }.joined())</spine>
        </package>
        """
    }
}

extension [UInt8] {
    /// Sets the "encrypted" bit of `name`'s central-directory entry.
    mutating func setEncryptedFlag(on name: String) {
        let marker: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
        let nameBytes = Array(name.utf8)
        var index = 0
        while index + 46 + nameBytes.count <= count {
            if Array(self[index..<(index + 4)]) == marker, Array(self[(index + 46)..<(index + 46 + nameBytes.count)]) == nameBytes {
                self[index + 8] |= 1
                return
            }
            index += 1
        }
    }
}
