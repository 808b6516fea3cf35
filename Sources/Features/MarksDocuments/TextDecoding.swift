import Foundation

/// Bytes → text for text files: UTF-8 (with or without a BOM), UTF-16 with a BOM, else Latin-1 when the bytes
/// look like text in it; nil for binary data (NUL bytes, or too many control characters).
enum TextDecoding {
    /// The decoded text and the charset it was read as, or nil for binary data.
    static func decode(_ bytes: [UInt8]) -> (text: String, charset: String)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return String(validating: bytes.dropFirst(3), as: UTF8.self).map { ($0, "utf-8") }
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = 2
            while index + 1 < bytes.count {
                let pair = littleEndian ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
                                        : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
                units.append(pair)
                index += 2
            }
            guard let text = String(validating: units, as: UTF16.self), !looksBinary(text.unicodeScalars.lazy.map(\.value)) else { return nil }
            return (text, littleEndian ? "utf-16le" : "utf-16be")
        }
        if bytes.contains(0) { return nil }
        if let text = String(validating: bytes, as: UTF8.self) {
            return looksBinary(text.unicodeScalars.lazy.map(\.value)) ? nil : (text, "utf-8")
        }
        if looksBinary(bytes.lazy.map(UInt32.init)) { return nil }
        // Latin-1 maps every byte to the code point of the same value.
        var text = String.UnicodeScalarView()
        for byte in bytes { text.append(Unicode.Scalar(byte)) }
        return (String(text), "iso-8859-1")
    }

    /// The bytes hold a NUL and start with no BOM: `decode` says nil for them, and for any bytes they begin.
    static func hasNULWithoutBOM(_ bytes: [UInt8]) -> Bool {
        !(bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])) && bytes.contains(0)
    }

    /// More than 1 in 100 code points are control characters other than tab, line feed, form feed and carriage
    /// return (or C1 controls, which text in Latin-1 never has).
    private static func looksBinary(_ values: some Sequence<UInt32>) -> Bool {
        var total = 0
        var control = 0
        for value in values {
            total += 1
            if (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0C && value != 0x0D) || value == 0x7F || (0x80...0x9F).contains(value) {
                control += 1
            }
        }
        return total > 0 && control * 100 > total
    }
}
