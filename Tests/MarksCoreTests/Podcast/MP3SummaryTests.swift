import Foundation
import MarksCore
import Testing

@Suite struct MP3SummaryTests {
    /// A silent MPEG-2 Layer III frame header at 22,050 Hz, 64 kbit/s, mono: 208 bytes a frame.
    static func frame(padding: Bool = false) -> Data {
        var frame = Data([0xFF, 0xF3, 0x80 | (padding ? 0x02 : 0), 0xC4])
        frame += Data(count: 208 + (padding ? 1 : 0) - 4)
        return frame
    }

    @Test func walksFramesAfterATag() throws {
        let tag = ID3Tag(title: "T", artist: "A", album: "Marks").bytes(paddedTo: 300)
        #expect(tag.count == 300)
        let data = tag + Self.frame() + Self.frame(padding: true) + Self.frame() + Data("TAG".utf8) + Data(count: 125)
        let summary = try MP3Summary.walk(data)
        #expect(summary.tagBytes == 300)
        #expect(summary.frames == 3)
        #expect(summary.audioBytes == 208 * 3 + 1)
        #expect(summary.sampleRate == 22_050)
        #expect(summary.samplesPerFrame == 576)
        #expect(summary.channels == 1)
        #expect(summary.bitrates == [64])
        #expect(summary.infoTag == nil)
        #expect(!summary.infoTagMatches)
        #expect(abs(summary.durationSeconds - 3 * 576 / 22_050.0) < 1e-9)
    }

    @Test func damageIsAnError() {
        #expect(throws: MP3Summary.WalkError.noFrames) { try MP3Summary.walk(Data("not audio".utf8)) }
        #expect(throws: MP3Summary.WalkError.truncatedTag) { try MP3Summary.walk(Data("ID3".utf8) + Data([3, 0, 0, 0, 0, 0x7F, 0x7F])) }
        let broken = Self.frame() + Data([0x12, 0x34, 0x56, 0x78]) + Self.frame()
        #expect(throws: MP3Summary.WalkError.badFrame(offset: 208)) { try MP3Summary.walk(broken) }
        #expect(throws: MP3Summary.WalkError.badFrame(offset: 0)) { try MP3Summary.walk(Self.frame().prefix(100)) }
    }

    @Test func theTagCarriesChaptersAndUnicode() {
        let tag = ID3Tag(title: "Ünïcode ✓", artist: "example.com", album: "Marks", lengthMilliseconds: 61_000,
                         chapters: [.init(title: "One", startMilliseconds: 0, endMilliseconds: 30_000),
                                    .init(title: "Two", startMilliseconds: 30_000, endMilliseconds: 61_000)]).bytes
        #expect(tag.prefix(5) == Data("ID3".utf8) + Data([3, 0]))
        let size = Int(tag[6]) << 21 | Int(tag[7]) << 14 | Int(tag[8]) << 7 | Int(tag[9])
        #expect(size == tag.count - 10)
        // UTF-16 with a byte-order mark for the title that does not fit Latin-1.
        #expect(tag.range(of: Data([0x01, 0xFF, 0xFE, 0xDC, 0x00])) != nil)
        #expect(tag.range(of: Data("CTOC".utf8)) != nil)
        #expect(tag.range(of: Data("chp1".utf8)) != nil)
        #expect(tag.range(of: Data("61000".utf8)) != nil)
    }
}
