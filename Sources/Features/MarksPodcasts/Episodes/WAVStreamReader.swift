/// Reads a WAV stream as it arrives (espeak-ng's `--stdout`, whose header claims an unknown length): the RIFF
/// header and `fmt ` chunk first, checked to be 16-bit PCM, then the `data` chunk's samples handed out as they
/// come, an odd trailing byte kept for the next piece. The header's lengths are not trusted; the stream's end is.
struct WAVStreamReader {
    /// What the `fmt ` chunk said.
    struct Format: Equatable {
        var channels: Int
        var sampleRate: Int
        var bitsPerSample: Int
    }

    private(set) var format: Format?
    private var header: [UInt8] = []
    private var inData = false
    private var carry: UInt8?
    /// Bytes of the header read so far; a header this long without a `data` chunk is not espeak's.
    private static let headerLimit = 4096

    /// Feeds the next bytes, returning the samples they complete. Throws `SpeechError.failed` when the header is
    /// not 16-bit mono PCM WAV.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) throws -> [Int16] {
        if !inData {
            header.append(contentsOf: bytes)
            guard let start = try dataStart() else {
                if header.count > Self.headerLimit { throw SpeechError.failed("the voice's output is not a WAV stream") }
                return []
            }
            inData = true
            let rest = Array(header[start...])
            header = []
            return rest.withUnsafeBytes { samples(from: $0[...]) }
        }
        return samples(from: bytes[...])
    }

    /// True when the stream ended with half a sample or without its header.
    var endedEarly: Bool { !inData }

    private mutating func samples(from bytes: Slice<UnsafeRawBufferPointer>) -> [Int16] {
        var index = bytes.startIndex
        var first: Int16?
        if let low = carry, index < bytes.endIndex {
            first = Int16(bitPattern: UInt16(low) | (UInt16(bytes[index]) << 8))
            carry = nil
            index += 1
        }
        let pairs = (bytes.endIndex - index) / 2
        let lead = first == nil ? 0 : 1
        // WAV is little-endian, like every host Marks runs on: the bytes are the samples (copied, not decoded one by one).
        let samples = [Int16](unsafeUninitializedCapacity: pairs + lead) { buffer, initialized in
            if let first { buffer[0] = first }
            if pairs > 0, let base = bytes.base.baseAddress, let target = buffer.baseAddress {
                (target + lead).withMemoryRebound(to: UInt8.self, capacity: pairs * 2) { $0.update(from: (base + index).assumingMemoryBound(to: UInt8.self), count: pairs * 2) }
            }
            initialized = pairs + lead
        }
        index += pairs * 2
        if index < bytes.endIndex { carry = bytes[index] }
        #if _endian(little)
        return samples
        #else
        return samples.map { Int16(littleEndian: $0) }
        #endif
    }

    /// Where the samples start in `header`, once the `data` chunk's header is in; nil while more is needed.
    private mutating func dataStart() throws -> Int? {
        guard header.count >= 12 else { return nil }
        guard header[0..<4].elementsEqual("RIFF".utf8), header[8..<12].elementsEqual("WAVE".utf8) else {
            throw SpeechError.failed("the voice's output is not a WAV stream")
        }
        var at = 12
        while at + 8 <= header.count {
            let id = String(decoding: header[at..<at + 4], as: UTF8.self)
            let size = Int(header[at + 4]) | Int(header[at + 5]) << 8 | Int(header[at + 6]) << 16 | Int(header[at + 7]) << 24
            if id == "data" {
                guard let format, format.bitsPerSample == 16, format.channels == 1 else {
                    throw SpeechError.failed("the voice's WAV is not 16-bit mono PCM")
                }
                return at + 8
            }
            guard at + 8 + size <= header.count else { return nil }
            if id == "fmt " {
                guard size >= 16 else { throw SpeechError.failed("the voice's WAV format chunk is too short") }
                let base = at + 8
                let audioFormat = Int(header[base]) | Int(header[base + 1]) << 8
                guard audioFormat == 1 else { throw SpeechError.failed("the voice's WAV is not PCM") }
                format = Format(channels: Int(header[base + 2]) | Int(header[base + 3]) << 8,
                                sampleRate: Int(header[base + 4]) | Int(header[base + 5]) << 8 | Int(header[base + 6]) << 16 | Int(header[base + 7]) << 24,
                                bitsPerSample: Int(header[base + 14]) | Int(header[base + 15]) << 8)
            }
            at += 8 + size + (size & 1)
        }
        return nil
    }
}
