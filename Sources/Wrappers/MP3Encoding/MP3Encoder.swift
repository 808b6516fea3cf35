import CLame

/// LAME, in process: 16-bit mono PCM in, constant-bitrate MP3 frames out, chunk by chunk (a long episode is never
/// in memory whole). The first frame written is a placeholder for the LAME/Xing "Info" tag; once `finish()` has
/// flushed the last frames, `infoTagFrame()` gives the real tag frame (exact frame count, bytes, encoder delay and
/// padding) to write over it, so players know the exact length. One owner at a time (not Sendable): the LAME
/// state is not thread-safe. LGPL, linked dynamically.
public final class MP3Encoder {
    private let handle: OpaquePointer
    private var buffer: [UInt8]
    private var finished = false
    /// Samples per second in and out.
    public let sampleRate: Int
    /// Kilobits per second.
    public let bitrate: Int

    /// An encoder for `sampleRate` Hz mono at `bitrate` kbit/s CBR (quality 5: LAME's good-and-fast default).
    public init(sampleRate: Int, bitrate: Int = 64, quality: Int = 5) throws(MP3EncoderError) {
        guard let handle = lame_init() else { throw MP3EncoderError.setup("LAME could not allocate an encoder") }
        self.handle = handle
        self.sampleRate = sampleRate
        self.bitrate = bitrate
        buffer = []
        lame_set_num_channels(handle, 1)
        lame_set_in_samplerate(handle, Int32(sampleRate))
        lame_set_out_samplerate(handle, Int32(sampleRate))
        lame_set_mode(handle, MONO)
        lame_set_VBR(handle, vbr_off)
        lame_set_brate(handle, Int32(bitrate))
        lame_set_quality(handle, Int32(quality))
        lame_set_bWriteVbrTag(handle, 1)
        lame_set_write_id3tag_automatic(handle, 0)
        guard lame_init_params(handle) >= 0 else {
            lame_close(handle)
            throw MP3EncoderError.setup("LAME refused \(sampleRate) Hz mono at \(bitrate) kbit/s")
        }
    }

    deinit {
        lame_close(handle)
    }

    /// The MP3 bytes `samples` complete (possibly none: LAME buffers up to a frame and its look-ahead).
    public func encode(_ samples: [Int16]) throws(MP3EncoderError) -> [UInt8] {
        guard !finished else { throw MP3EncoderError.finished }
        guard !samples.isEmpty else { return [] }
        var out: [UInt8] = []
        // LAME's bound for one call: 1.25 × samples + 7,200 bytes. Encode in slices so the buffer stays small.
        let slice = 1 << 16
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + slice)
            let needed = (end - start) * 5 / 4 + 7200
            if buffer.count < needed { buffer = [UInt8](repeating: 0, count: needed) }
            let written = samples.withUnsafeBufferPointer { pcm -> Int32 in
                guard let base = pcm.baseAddress else { return 0 }
                return buffer.withUnsafeMutableBufferPointer { mp3 in
                    lame_encode_buffer(handle, base + start, base + start, Int32(end - start), mp3.baseAddress, Int32(mp3.count))
                }
            }
            guard written >= 0 else { throw MP3EncoderError.encoding(Int(written)) }
            out.append(contentsOf: buffer[0..<Int(written)])
            start = end
        }
        return out
    }

    /// The last frames (LAME's buffered samples, padded to a whole frame). No more samples may follow.
    public func finish() throws(MP3EncoderError) -> [UInt8] {
        guard !finished else { throw MP3EncoderError.finished }
        finished = true
        if buffer.count < 7200 { buffer = [UInt8](repeating: 0, count: 7200) }
        let written = buffer.withUnsafeMutableBufferPointer { lame_encode_flush(handle, $0.baseAddress, Int32($0.count)) }
        guard written >= 0 else { throw MP3EncoderError.encoding(Int(written)) }
        return Array(buffer[0..<Int(written)])
    }

    /// The LAME/Xing "Info" frame for the stream as encoded, the same size as the placeholder frame it replaces
    /// at the start of the audio. Only after `finish()`.
    public func infoTagFrame() throws(MP3EncoderError) -> [UInt8] {
        guard finished else { throw MP3EncoderError.notFinished }
        var frame = [UInt8](repeating: 0, count: 2880)
        let size = frame.withUnsafeMutableBufferPointer { lame_get_lametag_frame(handle, $0.baseAddress, $0.count) }
        guard size > 0, size <= frame.count else { throw MP3EncoderError.encoding(-1) }
        return Array(frame[0..<size])
    }
}
