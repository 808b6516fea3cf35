import Foundation

extension ID3Tag {
    /// The chapters (`CHAP` frames, with their `TIT2` titles) of the ID3v2.3/2.4 tag at the start of an MP3, in
    /// start order; none when the data has no tag or no chapters. Pure: the caller reads the file's head (the tag's
    /// size is in its first 10 bytes, `tagSize(_:)`). Damaged frames end the walk; what was read before stays.
    public static func chapters(in data: Data) -> [Chapter] {
        let bytes = [UInt8](data.prefix(tagSize(data) ?? 0))
        guard bytes.count >= 10 else { return [] }
        let version = bytes[3]
        var chapters: [Chapter] = []
        var offset = 10
        while offset + 10 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            guard id.utf8.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) }) else { break }  // padding
            let size = version == 4 ? syncsafeValue(bytes, offset + 4) : bigEndianValue(bytes, offset + 4)
            let start = offset + 10
            guard size >= 0, start + size <= bytes.count else { break }
            if id == "CHAP", let chapter = chapter(Array(bytes[start..<start + size]), version: version) {
                chapters.append(chapter)
            }
            offset = start + size
        }
        return chapters.sorted { $0.startMilliseconds < $1.startMilliseconds }
    }

    /// The whole tag's size (header included) from the first 10 bytes, or nil when the data does not start with one.
    public static func tagSize(_ data: Data) -> Int? {
        let head = [UInt8](data.prefix(10))
        guard head.count == 10, head[0] == 0x49, head[1] == 0x44, head[2] == 0x33, head[3] == 3 || head[3] == 4,
              head[6..<10].allSatisfy({ $0 < 0x80 }) else { return nil }
        return 10 + syncsafeValue(head, 6)
    }

    private static func chapter(_ body: [UInt8], version: UInt8) -> Chapter? {
        guard let end = body.firstIndex(of: 0), end + 17 <= body.count else { return nil }
        let startMS = UInt32(bigEndianValue(body, end + 1))
        let endMS = UInt32(bigEndianValue(body, end + 5))
        var offset = end + 17
        var title = ""
        while offset + 10 <= body.count {
            let id = String(decoding: body[offset..<offset + 4], as: UTF8.self)
            let size = version == 4 ? syncsafeValue(body, offset + 4) : bigEndianValue(body, offset + 4)
            let start = offset + 10
            guard size >= 0, start + size <= body.count else { break }
            if id == "TIT2", size >= 1 { title = text(Array(body[start..<start + size])) }
            offset = start + size
        }
        return Chapter(title: title, startMilliseconds: startMS, endMilliseconds: endMS)
    }

    /// A text frame's body (encoding byte first): Latin-1, UTF-16 with BOM, UTF-16BE or UTF-8.
    private static func text(_ body: [UInt8]) -> String {
        let payload = Array(body.dropFirst())
        switch body[0] {
        case 1, 2:
            var units: [UInt16] = []
            var index = 0
            var littleEndian = body[0] == 1
            if body[0] == 1, payload.count >= 2 {
                littleEndian = !(payload[0] == 0xFE && payload[1] == 0xFF)
                index = 2
            }
            while index + 1 < payload.count {
                let unit = littleEndian ? UInt16(payload[index]) | UInt16(payload[index + 1]) << 8
                    : UInt16(payload[index]) << 8 | UInt16(payload[index + 1])
                if unit == 0 { break }
                units.append(unit)
                index += 2
            }
            return String(decoding: units, as: UTF16.self)
        case 3:
            return String(decoding: payload.prefix { $0 != 0 }, as: UTF8.self)
        default:
            return String(String.UnicodeScalarView(payload.prefix { $0 != 0 }.map { Unicode.Scalar($0) }))
        }
    }

    private static func bigEndianValue(_ bytes: [UInt8], _ at: Int) -> Int {
        guard at + 4 <= bytes.count else { return -1 }
        return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    private static func syncsafeValue(_ bytes: [UInt8], _ at: Int) -> Int {
        guard at + 4 <= bytes.count else { return -1 }
        return Int(bytes[at] & 0x7F) << 21 | Int(bytes[at + 1] & 0x7F) << 14 | Int(bytes[at + 2] & 0x7F) << 7 | Int(bytes[at + 3] & 0x7F)
    }
}
