/// Finds the first byte sequence that is not UTF-8 and words it as Python's codec does
/// (`'utf-8' codec can't decode byte 0xff in position 3: invalid start byte`).
enum UTF8Check {
    /// Python's message for the first invalid sequence, or nil when every byte is valid UTF-8.
    static func firstProblem(in bytes: [UInt8]) -> String? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; secondRange = 0x80...0x9F
            case 0xF0: length = 4; secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondRange = 0x80...0x8F
            default: return message(lead, index, "invalid start byte")
            }
            for offset in 1..<length {
                let position = index + offset
                guard position < bytes.count else {
                    let count = bytes.count - index
                    if count == 1 { return message(lead, index, "unexpected end of data") }
                    return "'utf-8' codec can't decode bytes in position \(index)-\(bytes.count - 1): unexpected end of data"
                }
                let range: ClosedRange<UInt8> = offset == 1 ? secondRange : 0x80...0xBF
                if !range.contains(bytes[position]) { return message(lead, index, "invalid continuation byte") }
            }
            index += length
        }
        return nil
    }

    private static func message(_ byte: UInt8, _ position: Int, _ reason: String) -> String {
        let hex = String(byte, radix: 16)
        return "'utf-8' codec can't decode byte 0x\(hex.count == 1 ? "0" + hex : hex) in position \(position): \(reason)"
    }
}
