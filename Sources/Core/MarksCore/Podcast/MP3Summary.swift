import Foundation

/// What a walk over an MP3 file's frames finds: the ID3v2 tag's size, every MPEG audio frame (checked header by
/// header, each frame's length from its bitrate), the Xing/Info + LAME tag in the first frame, and the duration.
/// Tests use it to check what the encoder wrote; the feed uses it for `itunes:duration`.
public struct MP3Summary: Sendable, Equatable {
    /// The Xing/Info frame's claims (and the LAME extension's encoder delay and padding).
    public struct InfoTag: Sendable, Equatable {
        /// "Info" (CBR) or "Xing" (VBR).
        public var name: String
        /// Audio frames the tag claims, not counting the tag's own frame.
        public var frames: Int?
        /// Bytes of MPEG audio the tag claims (its own frame included).
        public var bytes: Int?
        /// Samples the encoder added at the start, and at the end (the LAME extension), when present.
        public var encoderDelay: Int?
        public var padding: Int?
    }

    /// Why bytes are not a well-formed MP3.
    public enum WalkError: Error, Equatable, Sendable, CustomStringConvertible {
        case truncatedTag
        case noFrames
        case badFrame(offset: Int)

        public var description: String {
            switch self {
            case .truncatedTag: "the ID3 tag is longer than the file"
            case .noFrames: "no MPEG audio frame was found"
            case .badFrame(let offset): "the bytes at offset \(offset) are not an MPEG audio frame"
            }
        }
    }

    /// Bytes of the ID3v2 tag at the start (0 when none).
    public var tagBytes: Int
    /// Audio frames after the info frame.
    public var frames: Int
    /// Bytes of MPEG audio (the info frame included).
    public var audioBytes: Int
    public var sampleRate: Int
    public var samplesPerFrame: Int
    /// The bitrates seen, in kbit/s (one for CBR).
    public var bitrates: Set<Int>
    /// Channels: 1 or 2.
    public var channels: Int
    public var infoTag: InfoTag?

    /// The playing time: the frames' samples less the encoder's delay and padding, in seconds.
    public var durationSeconds: Double {
        let samples = frames * samplesPerFrame - (infoTag?.encoderDelay ?? 0) - (infoTag?.padding ?? 0)
        return sampleRate == 0 ? 0 : Double(max(0, samples)) / Double(sampleRate)
    }

    /// True when the info tag's frame and byte counts match the frames walked.
    public var infoTagMatches: Bool {
        guard let infoTag else { return false }
        return infoTag.frames == frames && (infoTag.bytes == nil || infoTag.bytes == audioBytes)
    }

    /// Walks `data` (a whole file; map it rather than read it for long episodes). Trailing bytes after the last
    /// frame that cannot start one (an ID3v1 tag) end the walk; a broken frame in the middle throws.
    public static func walk(_ data: Data) throws -> MP3Summary {
        try data.withUnsafeBytes { raw in try walk(raw.bindMemory(to: UInt8.self)) }
    }

    private static func walk(_ bytes: UnsafeBufferPointer<UInt8>) throws -> MP3Summary {
        var offset = 0
        if bytes.count >= 10, bytes[0] == 0x49, bytes[1] == 0x44, bytes[2] == 0x33 {
            let size = (Int(bytes[6]) << 21) | (Int(bytes[7]) << 14) | (Int(bytes[8]) << 7) | Int(bytes[9])
            let footer = bytes[5] & 0x10 != 0 ? 10 : 0
            offset = 10 + size + footer
            guard offset <= bytes.count else { throw WalkError.truncatedTag }
        }
        var summary = MP3Summary(tagBytes: offset, frames: 0, audioBytes: 0, sampleRate: 0, samplesPerFrame: 0, bitrates: [],
                                 channels: 0, infoTag: nil)
        var first = true
        while offset + 4 <= bytes.count {
            guard let header = FrameHeader(bytes, at: offset) else {
                if first { throw WalkError.noFrames }
                // An ID3v1 tag ("TAG") or an APE tag may follow the audio; anything else is damage.
                if bytes[offset] == 0x54 || bytes[offset] == 0x41 || bytes.count - offset < 4 { break }
                throw WalkError.badFrame(offset: offset)
            }
            guard offset + header.length <= bytes.count else { throw WalkError.badFrame(offset: offset) }
            if first {
                summary.sampleRate = header.sampleRate
                summary.samplesPerFrame = header.samplesPerFrame
                summary.channels = header.channels
                summary.infoTag = infoTag(bytes, frameAt: offset, header: header)
                first = false
                summary.audioBytes += header.length
                offset += header.length
                if summary.infoTag != nil { continue }
                summary.frames += 1
                summary.bitrates.insert(header.bitrate)
                continue
            }
            summary.frames += 1
            summary.audioBytes += header.length
            summary.bitrates.insert(header.bitrate)
            offset += header.length
        }
        if first { throw WalkError.noFrames }
        return summary
    }

    private static func infoTag(_ bytes: UnsafeBufferPointer<UInt8>, frameAt start: Int, header: FrameHeader) -> InfoTag? {
        let sideInfo = header.isMPEG1 ? (header.channels == 1 ? 17 : 32) : (header.channels == 1 ? 9 : 17)
        var at = start + 4 + sideInfo
        let end = start + header.length
        guard at + 8 <= end else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<at + 4]), as: UTF8.self)
        guard name == "Xing" || name == "Info" else { return nil }
        let flags = readUInt32(bytes, at + 4)
        at += 8
        var tag = InfoTag(name: name)
        if flags & 1 != 0, at + 4 <= end { tag.frames = Int(readUInt32(bytes, at)); at += 4 }
        if flags & 2 != 0, at + 4 <= end { tag.bytes = Int(readUInt32(bytes, at)); at += 4 }
        if flags & 4 != 0 { at += 100 }
        if flags & 8 != 0 { at += 4 }
        // The LAME extension: "LAME" (or "Lavc"/"Lavf"), then at +21 the 12-bit delay and 12-bit padding.
        if at + 24 <= end {
            let tagName = String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<at + 4]), as: UTF8.self)
            if tagName == "LAME" || tagName == "Lavc" || tagName == "Lavf" {
                let a = Int(bytes[at + 21]), b = Int(bytes[at + 22]), c = Int(bytes[at + 23])
                tag.encoderDelay = (a << 4) | (b >> 4)
                tag.padding = ((b & 0x0F) << 8) | c
            }
        }
        return tag
    }

    private static func readUInt32(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int) -> UInt32 {
        (UInt32(bytes[at]) << 24) | (UInt32(bytes[at + 1]) << 16) | (UInt32(bytes[at + 2]) << 8) | UInt32(bytes[at + 3])
    }
}

extension MP3Summary.InfoTag {
    init(name: String) {
        self.init(name: name, frames: nil, bytes: nil, encoderDelay: nil, padding: nil)
    }
}

/// One MPEG audio (Layer III) frame header.
struct FrameHeader {
    var isMPEG1: Bool
    var bitrate: Int
    var sampleRate: Int
    var samplesPerFrame: Int
    var channels: Int
    var length: Int

    private static let bitratesV1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0]
    private static let bitratesV2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0]

    /// The Layer III header at `offset`, or nil when the bytes there are not one.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
        let b0 = bytes[offset], b1 = bytes[offset + 1], b2 = bytes[offset + 2], b3 = bytes[offset + 3]
        guard b0 == 0xFF, b1 & 0xE0 == 0xE0 else { return nil }
        let version = (b1 >> 3) & 0x03  // 0: MPEG 2.5, 2: MPEG 2, 3: MPEG 1
        let layer = (b1 >> 1) & 0x03    // 1: Layer III
        guard version != 1, layer == 1 else { return nil }
        let bitrateIndex = Int(b2 >> 4), rateIndex = Int((b2 >> 2) & 0x03)
        guard bitrateIndex != 0, bitrateIndex != 15, rateIndex != 3 else { return nil }
        isMPEG1 = version == 3
        bitrate = (isMPEG1 ? Self.bitratesV1 : Self.bitratesV2)[bitrateIndex]
        let base = [44_100, 48_000, 32_000][rateIndex]
        sampleRate = version == 3 ? base : (version == 2 ? base / 2 : base / 4)
        samplesPerFrame = isMPEG1 ? 1152 : 576
        channels = (b3 >> 6) == 3 ? 1 : 2
        let padding = Int((b2 >> 1) & 0x01)
        length = (samplesPerFrame / 8) * bitrate * 1000 / sampleRate + padding
    }
}
