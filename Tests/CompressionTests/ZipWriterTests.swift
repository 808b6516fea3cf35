import Compression
import Foundation
import MarksTestSupport
import Testing

/// The ZIP writer: what it writes opens in this package's own reader and in Python's `zipfile` (CRCs checked), names
/// in UTF-8; past 65,535 entries it adds the Zip64 records that readers need to count them.
@Suite struct ZipWriterTests {
    private static func written(_ entries: [(String, Data)]) throws -> Data {
        var zip = ZipWriter(modified: Date(timeIntervalSince1970: 1_700_000_000))
        var out = Data()
        for (name, contents) in entries { out.append(try zip.entry(name: name, contents: contents)) }
        out.append(try zip.finish())
        return out
    }

    @Test func ourReaderReadsWhatWeWrite() throws {
        let directory = try TemporaryDirectory(prefix: "marks-zip")
        defer { directory.cleanUp() }
        let page = Data(String(repeating: "A heron stands in the reeds.\n", count: 400).utf8)
        let file = directory.file("notes.zip")
        try Self.written([("marks/herons.md", page), ("marks/🦩 ünïcödé.md", Data("flamingo".utf8)), ("marks/empty.md", Data())]).write(to: file)
        let archive = try ZipArchive(url: file)
        #expect(archive.entries.map(\.name) == ["marks/herons.md", "marks/🦩 ünïcödé.md", "marks/empty.md"])
        #expect(try archive.contents(of: try #require(archive.entry(named: "marks/herons.md"))) == Array(page))
        #expect(archive.entries[0].compressedSize * 10 < page.count, "deflated")
        #expect(try archive.contents(of: archive.entries[1]) == Array("flamingo".utf8))
        #expect(try archive.contents(of: archive.entries[2]).isEmpty)
    }

    /// A stored entry (an EPUB's `mimetype`) is kept as it is, method 0, in the local header and the directory, and reads back.
    @Test func aStoredEntryIsKeptUncompressed() throws {
        let directory = try TemporaryDirectory(prefix: "marks-zip")
        defer { directory.cleanUp() }
        var zip = ZipWriter()
        var out = try zip.entry(name: "mimetype", contents: Data("application/epub+zip".utf8), stored: true)
        let text = Data(String(repeating: "deflated ", count: 100).utf8)
        out.append(try zip.entry(name: "text.txt", contents: text))
        out.append(try zip.finish())
        #expect(out[8] == 0 && out[9] == 0, "method 0 in the local header")
        #expect(String(decoding: out[38..<58], as: UTF8.self) == "application/epub+zip")
        let file = directory.file("book.zip")
        try out.write(to: file)
        let archive = try ZipArchive(url: file)
        #expect(archive.entries.map(\.method) == [0, 8])
        #expect(try archive.contents(of: archive.entries[0]) == Array("application/epub+zip".utf8))
        #expect(try archive.contents(of: archive.entries[1]) == Array(text))
    }

    @Test func nothingAfterTheDirectory() throws {
        var zip = ZipWriter()
        _ = try zip.finish()
        #expect(throws: ZipError.self) { try zip.entry(name: "late.md", contents: Data()) }
        #expect(throws: ZipError.self) { try zip.finish() }
        var other = ZipWriter()
        #expect(throws: ZipError.self) { try other.entry(name: "", contents: Data()) }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3 to read the archive"))
    func pythonCountsEveryEntryPastZip64() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-zip")
        defer { directory.cleanUp() }
        let file = directory.file("many.zip")
        let count = 70_000
        try Self.written((0..<count).map { ("n/\($0).md", Data("note \($0)\n".utf8)) }).write(to: file)
        let read = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", """
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            names = z.namelist()
            print(len(names), z.read("n/69999.md").decode().strip(), z.getinfo("n/1.md").date_time)
            """, file.path])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout == "\(count) note 69999 (2023, 11, 14, 22, 13, 20)\n", "\(read.stdout)")
    }
}
