import Foundation
import MarksFetch
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Testing

/// The size the reader's image proxy reads from an image's header (issue 37 item 7: images sized in advance), and the
/// archive remembering it by address. The headers are built here as each format's specification lays them out; the
/// parser was also checked against real files (a 720×477 JPEG with Exif segments before its frame, a 588×242 PNG).
@Suite struct ImageSizeTests {
    static func png(width: UInt32, height: UInt32) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D] + Array("IHDR".utf8) + big32(width) + big32(height)
            + [8, 6, 0, 0, 0, 0, 0, 0, 0])
    }

    static func big32(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    /// A JPEG: SOI, an APP0 (JFIF) and an APP1 segment, then a start of frame `marker` with its height and width.
    static func jpeg(width: Int, height: Int, frame marker: UInt8 = 0xC0) -> Data {
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let app1: [UInt8] = [0xFF, 0xE1, 0x00, 0x08] + Array("Exif".utf8) + [0, 0]
        let frame: [UInt8] = [0xFF, marker, 0x00, 0x11, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3]
            + [UInt8](repeating: 1, count: 9)
        return Data([0xFF, 0xD8] + app0 + app1 + frame + [0xFF, 0xDA, 0x00, 0x08])
    }

    static func webp(_ chunk: String, _ payload: [UInt8]) -> Data {
        Data(Array("RIFF".utf8) + [0x40, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8) + [UInt8(payload.count), 0, 0, 0] + payload)
    }

    @Test func theFormatsHeadersGiveTheirSize() throws {
        #expect(ImageSize(of: Self.png(width: 1200, height: 675)) == ImageSize(width: 1200, height: 675))
        #expect(ImageSize(of: Data(Array("GIF89a".utf8) + [0x80, 0x02, 0xE0, 0x01, 0xF7, 0, 0])) == ImageSize(width: 640, height: 480))
        #expect(ImageSize(of: Self.jpeg(width: 720, height: 477)) == ImageSize(width: 720, height: 477))
        #expect(ImageSize(of: Self.jpeg(width: 2048, height: 1536, frame: 0xC2)) == ImageSize(width: 2048, height: 1536), "progressive")
        // VP8X: 24-bit width − 1 and height − 1 after 4 bytes of flags.
        #expect(ImageSize(of: Self.webp("VP8X", [0, 0, 0, 0, 0x1F, 0x03, 0x00, 0xC1, 0x01, 0x00])) == ImageSize(width: 800, height: 450))
        // VP8 (lossy): frame tag, start code 9D 01 2A, then 14-bit width and height.
        #expect(ImageSize(of: Self.webp("VP8 ", [0x50, 0x2F, 0x00, 0x9D, 0x01, 0x2A, 0x40, 0x01, 0xF0, 0x00])) == ImageSize(width: 320, height: 240))
        // VP8L (lossless): signature 2F, then 14 bits of width − 1 and 14 of height − 1.
        let bits = UInt32(99) | UInt32(49) << 14
        #expect(ImageSize(of: Self.webp("VP8L", [0x2F, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)]))
                == ImageSize(width: 100, height: 50))
    }

    @Test func damagedOrOtherBytesHaveNoSize() {
        #expect(ImageSize(of: Data("<html>".utf8)) == nil)
        #expect(ImageSize(of: Self.png(width: 0, height: 10)) == nil, "a zero side")
        #expect(ImageSize(of: Self.jpeg(width: 720, height: 477).prefix(30)) == nil, "cut before the frame")
        #expect(ImageSize(of: Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01])) == nil, "a length shorter than itself")
        #expect(ImageSize(of: Self.png(width: 1200, height: 675).prefix(20)) == nil)
    }

    @Test func theArchiveRemembersSizesByAddress() throws {
        let directory = try TemporaryDirectory(prefix: "marks-image-sizes")
        defer { directory.cleanUp() }
        let archive = try PageArchive(database: try Database(path: directory.file("marks.sqlite").path),
                                      fetcher: PageFetcher(policy: FetchPolicy()), now: { Date() })
        let wide = try #require(ImageSize(width: 1200, height: 675))
        #expect(try archive.imageSizes(of: ["https://a.example/x.png"]).isEmpty)
        try archive.rememberImageSize(wide, of: "https://a.example/x.png")
        try archive.rememberImageSize(wide, of: "https://a.example/x.png")
        #expect(try archive.imageSizes(of: ["https://a.example/x.png", "https://a.example/y.png"]) == ["https://a.example/x.png": wide])
        let tall = try #require(ImageSize(width: 300, height: 900))
        try archive.rememberImageSize(tall, of: "https://a.example/x.png")
        #expect(try archive.imageSizes(of: ["https://a.example/x.png"]) == ["https://a.example/x.png": tall], "a changed image's new size")
    }
}
