/// Unpadded base64url (RFC 4648 §5), as JWT uses it.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, character) in alphabet.enumerated() {
            table[Int(character)] = UInt8(index)
        }
        return table
    }()

    /// Encodes bytes without `=` padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        var output = [UInt8]()
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output += [18, 12, 6, 0].map { alphabet[Int(chunk >> $0 & 0x3F)] }
            index += 3
        }
        switch bytes.count - index {
        case 1:
            let chunk = UInt32(bytes[index]) << 16
            output += [18, 12].map { alphabet[Int(chunk >> $0 & 0x3F)] }
        case 2:
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            output += [18, 12, 6].map { alphabet[Int(chunk >> $0 & 0x3F)] }
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Encodes a string's UTF-8 bytes.
    public static func encode(_ string: String) -> String {
        encode(Array(string.utf8))
    }

    /// Encodes any byte sequence (`Data`, slices, …).
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        encode(Array(bytes))
    }

    /// Decodes unpadded base64url; nil for anything else (padding, whitespace, `+` `/`, a dangling
    /// character, or non-zero unused bits, so every byte string has exactly one accepted encoding).
    public static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 != 1 else { return nil }
        var output = [UInt8]()
        output.reserveCapacity(input.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in input {
            let value = values[Int(character)]
            guard value != 0xFF else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        guard accumulator == 0 else { return nil }
        return output
    }
}
