import Compression
import Foundation
import MarksTestSupport
import Testing

@Suite struct GzipTests {
    @Test(arguments: [0, 1, 100, 70_000, 300_000])
    func roundTrips(size: Int) throws {
        var generator = SystemRandomNumberGenerator()
        // Half text-like, half random, so both compressible and incompressible bytes pass through.
        let text = Data(String(repeating: "<li class=\"row\">Bookmark</li>", count: size / 60 + 1).utf8.prefix(size / 2))
        let noise = Data((0..<(size - text.count)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let original = text + noise
        let packed = try Gzip.compress(original)
        #expect(packed.prefix(2) == Data([0x1f, 0x8b]), "gzip magic")
        #expect(try Gzip.decompress(packed) == original)
    }

    @Test func compressesRepetitiveMarkup() throws {
        let page = Data(String(repeating: "<li class=\"row\"><a href=\"/bookmarks/1\">A title</a></li>\n", count: 500).utf8)
        let packed = try Gzip.compress(page)
        #expect(packed.count * 20 < page.count)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs python3 to read the file back"))
    func pythonReadsWhatWeWrite() async throws {
        let original = Data("Marks says hello to Python’s gzip module.\n".utf8)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("marks-gzip-\(UUID().uuidString).gz")
        defer { try? FileManager.default.removeItem(at: file) }
        try Gzip.compress(original).write(to: file)
        let read = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/python3"),
                                              ["-c", "import gzip,sys; sys.stdout.write(gzip.open(sys.argv[1]).read().decode())", file.path])
        #expect(read.status == 0)
        #expect(Data(read.stdout.utf8) == original)
    }

    @Test func refusesDamagedOrTruncatedInput() throws {
        let packed = try Gzip.compress(Data(String(repeating: "abc", count: 1000).utf8))
        #expect(throws: CompressionError.self) { try Gzip.decompress(packed.prefix(packed.count / 2)) }
        #expect(throws: CompressionError.self) { try Gzip.decompress(Data("not gzip at all".utf8)) }
    }

    @Test func refusesOutputPastTheLimit() throws {
        let packed = try Gzip.compress(Data(count: 1 << 20))
        #expect(throws: CompressionError.self) { try Gzip.decompress(packed, limit: 1000) }
    }
}
