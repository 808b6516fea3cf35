import Foundation
import HTTPClient

/// Reads a speech API's audio answer: raw 16-bit little-endian mono PCM (`response_format: pcm`, ElevenLabs'
/// `pcm_22050`), or a WAV file (what some local servers send whatever was asked). Anything else — JSON, HTML, an
/// odd byte count, a WAV of another format or rate — is `malformedResponse` with what it was.
enum SpeechAudioBody {
    /// The samples of a provider's answer, a malformed one described through `http`'s scrubber (never the key).
    static func samples(of response: HTTPClientResponse, sampleRate: Int, http: ProviderHTTP) throws(ProviderError) -> [Int16] {
        do throws(ProviderError) {
            return try samples(response.body, contentType: response.header("Content-Type"), sampleRate: sampleRate)
        } catch .malformedResponse(let reason) {
            throw .malformedResponse(http.scrub(reason))
        } catch {
            throw error
        }
    }

    static func samples(_ body: Data, contentType: String?, sampleRate: Int) throws(ProviderError) -> [Int16] {
        let type = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if body.starts(with: Array("RIFF".utf8)) { return try wav(body, sampleRate: sampleRate) }
        if type.hasPrefix("application/json") || type.hasPrefix("text/") || body.first == UInt8(ascii: "{") || body.first == UInt8(ascii: "<") {
            let excerpt = String(decoding: body.prefix(120), as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
            throw .malformedResponse("audio was asked for, the answer is \(type.isEmpty ? "text" : type): \(excerpt)")
        }
        guard !body.isEmpty else { throw .malformedResponse("the answer has no audio") }
        guard body.count % 2 == 0 else { throw .malformedResponse("\(body.count) bytes is not 16-bit PCM") }
        return pcm(body[...])
    }

    private static func pcm(_ bytes: Data.SubSequence) -> [Int16] {
        var samples = [Int16](repeating: 0, count: bytes.count / 2)
        var index = bytes.startIndex
        for i in samples.indices {
            samples[i] = Int16(bitPattern: UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8)
            index += 2
        }
        return samples
    }

    /// The `data` chunk of a 16-bit mono PCM WAV at `sampleRate`.
    private static func wav(_ body: Data, sampleRate: Int) throws(ProviderError) -> [Int16] {
        let bytes = [UInt8](body)
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard bytes.count >= 12, Array(bytes[8..<12]) == Array("WAVE".utf8) else { throw .malformedResponse("a RIFF file that is not WAVE") }
        var offset = 12
        var format: (channels: Int, rate: Int, bits: Int, code: Int)?
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            var size = u32(offset + 4)
            let start = offset + 8
            if id == "fmt ", start + 16 <= bytes.count {
                format = (u16(start + 2), u32(start + 4), u16(start + 14), u16(start))
            } else if id == "data" {
                guard let format else { throw .malformedResponse("a WAV without its format") }
                guard format.code == 1 || format.code == 0xFFFE, format.channels == 1, format.bits == 16 else {
                    throw .malformedResponse("a WAV of \(format.channels) channels, \(format.bits) bits (16-bit mono PCM was asked for)")
                }
                guard format.rate == sampleRate else {
                    throw .malformedResponse("a WAV at \(format.rate) Hz, not \(sampleRate) Hz (set podcast.sample_rate to \(format.rate))")
                }
                // Streaming servers write 0 or 0xFFFFFFFF as the size: the data runs to the end.
                if size == 0 || start + size > bytes.count { size = bytes.count - start }
                return pcm(body[body.startIndex + start ..< body.startIndex + start + size - size % 2])
            }
            offset = start + size + size % 2
        }
        throw .malformedResponse("a WAV without audio data")
    }
}
