/// A URL of the plainest shape — `scheme://host` and an optional path, in ASCII letters, digits and `-._~/` only: no
/// port, user, query, fragment, escape or space — split without Foundation. Most bookmarks' URLs have this shape, and
/// parsing them with `URLComponents` was most of an import's time; for these `URLNormalizer` gives the same answers
/// either way (`URLIdentityTests` compares them).
struct PlainURL {
    let scheme: Substring
    let host: Substring
    let path: Substring

    /// Nil unless `raw` has the plain shape (a scheme of a letter then letters, digits, `+`, `-`, `.`; a host of
    /// letters, digits, `-` and `.`, not empty; a path of `/` then letters, digits and `-._~/`).
    init?(_ raw: String) {
        let bytes = raw.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon != bytes.startIndex,
              Self.isLetter(bytes[bytes.startIndex]),
              bytes[bytes.startIndex..<colon].allSatisfy({ Self.isLetterOrDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
        else { return nil }
        let afterColon = bytes.index(after: colon)
        guard bytes[afterColon...].starts(with: "//".utf8) else { return nil }
        let hostStart = bytes.index(afterColon, offsetBy: 2)
        let hostEnd = bytes[hostStart...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
        guard hostStart < hostEnd,
              bytes[hostStart..<hostEnd].allSatisfy({ Self.isLetterOrDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }),
              bytes[hostEnd...].allSatisfy({ Self.isLetterOrDigit($0) || "-._~/".utf8.contains($0) })
        else { return nil }
        scheme = raw[raw.startIndex..<colon]
        host = raw[hostStart..<hostEnd]
        path = raw[hostEnd...]
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
