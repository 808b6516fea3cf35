import CLibXML2

/// Bytes ready for libxml2, with the name of their encoding.
struct HTMLInput {
    var bytes: [UInt8]
    var encoding: String
}

/// Turns untrusted input into bytes libxml2 can parse safely: caps the size, detects the charset
/// (byte-order mark, then `<meta charset>` / `http-equiv` in the first 4 KB, default UTF-8), repairs
/// invalid UTF-8 (U+FFFD) and removes NUL bytes.
enum HTMLInputDecoder {
    /// How far into the input the `<meta>` charset pre-scan looks.
    static let prescanLength = 4096

    static func prepare(string: String, limit: Int) -> HTMLInput {
        var bytes = Array(string.utf8.prefix(limit))
        trimToScalarBoundary(&bytes, originalCount: string.utf8.count)
        bytes.removeAll { $0 == 0 }
        return HTMLInput(bytes: bytes, encoding: "UTF-8")
    }

    static func prepare(bytes input: some Collection<UInt8>, limit: Int) -> HTMLInput {
        let raw = Array(input.prefix(limit))
        if raw.starts(with: [0xEF, 0xBB, 0xBF]) {
            return utf8(raw.dropFirst(3))
        }
        if raw.starts(with: [0xFF, 0xFE]) || raw.starts(with: [0xFE, 0xFF]) {
            return utf16(raw.dropFirst(2), littleEndian: raw[0] == 0xFF, limit: limit)
        }
        let encoding = declaredEncoding(in: raw.prefix(prescanLength)).map(canonicalEncoding) ?? "UTF-8"
        if encoding == "UTF-8" { return utf8(raw[...]) }
        var bytes = raw
        bytes.removeAll { $0 == 0 } // legacy encodings we accept are ASCII-compatible: 0x00 is only ever NUL
        return HTMLInput(bytes: bytes, encoding: encoding)
    }

    private static func utf8(_ bytes: ArraySlice<UInt8>) -> HTMLInput {
        let repaired = String(decoding: bytes, as: UTF8.self)
        var result = Array(repaired.utf8)
        result.removeAll { $0 == 0 }
        return HTMLInput(bytes: result, encoding: "UTF-8")
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool, limit: Int) -> HTMLInput {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(littleEndian ? first | second << 8 : first << 8 | second)
            index += 2
        }
        return prepare(string: String(decoding: units, as: UTF16.self), limit: limit)
    }

    /// Drops a UTF-8 sequence cut in half by the size cap.
    private static func trimToScalarBoundary(_ bytes: inout [UInt8], originalCount: Int) {
        guard bytes.count < originalCount else { return }
        while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
        if let last = bytes.last, last >= 0xC0 { bytes.removeLast() }
    }

    /// Finds `charset=NAME` inside a `<meta ...>` tag, the way browsers pre-scan a page.
    static func declaredEncoding(in head: some Collection<UInt8>) -> String? {
        let lower = head.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        let meta = Array("<meta".utf8), charset = Array("charset".utf8)
        var index = 0
        while let tagStart = find(meta, in: lower, from: index) {
            let tagEnd = lower[tagStart...].firstIndex(of: UInt8(ascii: ">")) ?? lower.endIndex
            var cursor = tagStart + meta.count
            while let found = find(charset, in: lower, from: cursor), found < tagEnd {
                if let name = encodingName(in: lower, after: found + charset.count, end: tagEnd) { return name }
                cursor = found + charset.count
            }
            index = tagEnd
        }
        return nil
    }

    private static func encodingName(in bytes: [UInt8], after start: Int, end: Int) -> String? {
        var index = start
        func skipSpaces() { while index < end, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(bytes[index]) { index += 1 } }
        skipSpaces()
        guard index < end, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpaces()
        while index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") { index += 1 }
        let nameStart = index
        while index < end, isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart, index - nameStart <= 40 else { return nil }
        return String(decoding: bytes[nameStart..<index], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Maps a declared label to the encoding we hand libxml2, following the HTML standard where it
    /// matters: Latin-1 and ASCII labels mean windows-1252, a declared UTF-16 in an ASCII-readable page
    /// means UTF-8, and anything that is not a known ASCII-compatible encoding libxml2 supports falls
    /// back to UTF-8.
    static func canonicalEncoding(_ label: String) -> String {
        switch label {
        case "utf-8", "utf8", "unicode-1-1-utf-8", "utf-16", "utf-16le", "utf-16be", "unicode", "ucs-2":
            return "UTF-8"
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "ascii", "us-ascii", "cp1252",
             "windows-1252", "x-cp1252", "cp819", "ibm819", "x-user-defined":
            return isSupported("windows-1252") ? "windows-1252" : "ISO-8859-1"
        default:
            let asciiCompatible = asciiCompatiblePrefixes.contains { label.hasPrefix($0) }
            return asciiCompatible && isSupported(label) ? label : "UTF-8"
        }
    }

    /// Legacy encodings whose bytes below 0x80 are ASCII, so a page declaring one in ASCII is
    /// consistent. Anything else (UTF-32, UTF-7, EBCDIC, ...) cannot have been declared that way.
    private static let asciiCompatiblePrefixes = [
        "windows-", "cp125", "iso-8859-", "iso8859-", "koi8", "shift_jis", "shift-jis", "sjis", "x-sjis",
        "euc-", "gbk", "gb2312", "gb18030", "big5", "macintosh", "x-mac-", "tis-620", "ibm866", "cp866", "cp874",
    ]

    private static func isSupported(_ name: String) -> Bool {
        clibxml2_encoding_is_supported(name) != 0
    }
}
