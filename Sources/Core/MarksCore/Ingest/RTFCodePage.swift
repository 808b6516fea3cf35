/// Windows-1252, the code page of `\'hh` escapes in nearly every RTF file (`\ansicpg1252`). Bytes
/// 0x80–0x9F map to their Windows characters; the rest are Latin-1.
enum RTFCodePage {
    private static let windows1252High: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD,
        0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    static func scalar(forByte byte: UInt8) -> Unicode.Scalar {
        if byte >= 0x80 && byte <= 0x9F {
            return Unicode.Scalar(windows1252High[Int(byte - 0x80)]) ?? "\u{FFFD}"
        }
        return Unicode.Scalar(byte)
    }
}
