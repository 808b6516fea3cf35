@testable import MarksPodcasts
import Testing

@Suite struct WAVStreamReaderTests {
    static func wav(_ samples: [Int16], rate: Int = 22_050, channels: Int = 1, bits: Int = 16) -> [UInt8] {
        func le32(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8((value >> 24) & 0xFF)] }
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
        var bytes = Array("RIFF".utf8) + le32(0x7FFF_FFFF) + Array("WAVE".utf8)
        bytes += Array("LIST".utf8) + le32(3) + [1, 2, 3, 0]  // an odd-sized chunk before fmt, padded
        bytes += Array("fmt ".utf8) + le32(16) + le16(1) + le16(channels) + le32(rate) + le32(rate * 2) + le16(2) + le16(bits)
        bytes += Array("data".utf8) + le32(0x7FFF_FFFF)
        for sample in samples { bytes += le16(Int(UInt16(bitPattern: sample))) }
        return bytes
    }

    @Test(arguments: [1, 2, 3, 7, 45, 46, 47, 1000])
    func samplesSurviveAnySplit(piece: Int) throws {
        let samples: [Int16] = (0..<500).map { Int16(truncatingIfNeeded: $0 * 131 - 30_000) }
        let bytes = Self.wav(samples)
        var reader = WAVStreamReader()
        var out: [Int16] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            out += try bytes[start..<end].withUnsafeBytes { try reader.feed($0) }
            start = end
        }
        #expect(out == samples)
        #expect(reader.format == WAVStreamReader.Format(channels: 1, sampleRate: 22_050, bitsPerSample: 16))
        #expect(!reader.endedEarly)
    }

    @Test func stereoOrEightBitIsRefused() throws {
        for bytes in [Self.wav([1, 2], channels: 2), Self.wav([1, 2], bits: 8)] {
            var reader = WAVStreamReader()
            #expect(throws: SpeechError.self) { _ = try bytes.withUnsafeBytes { try reader.feed($0) } }
        }
    }
}
