import Compression
import Foundation
import MarksCore

/// The generated cover of an episode whose site has no favicon: a 600 × 600 PNG in a colour chosen from the site's
/// name, with a white "sound wave" of bars whose heights come from the name too, so each site's episodes look
/// alike and different sites differ. PNG written here (IHDR, one IDAT, IEND); deflate through zlib.
public enum CoverCard {
    /// The card's side in pixels.
    static let side = 600

    /// Dark, saturated backgrounds white bars stand out on.
    private static let palette: [(UInt8, UInt8, UInt8)] = [
        (0x1F, 0x4E, 0x79), (0x6A, 0x1B, 0x4D), (0x1B, 0x5E, 0x20), (0x8E, 0x24, 0x1C),
        (0x4A, 0x23, 0x7A), (0x00, 0x5F, 0x6B), (0x5D, 0x40, 0x37), (0x33, 0x3F, 0x6B),
    ]

    /// The card for `site` as an ID3 picture.
    public static func picture(for site: String) throws -> ID3Tag.Picture {
        ID3Tag.Picture(mimeType: "image/png", data: try png(for: site))
    }

    /// The card for `site` as PNG bytes.
    public static func png(for site: String) throws -> Data {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a: stable across runs, unlike Hasher
        for byte in site.lowercased().utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let background = palette[Int(hash % UInt64(palette.count))]
        let bars = 15, barWidth = 24, gap = 12
        let left = (side - (bars * barWidth + (bars - 1) * gap)) / 2
        var heights: [Int] = []
        var seed = hash
        for index in 0..<bars {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let envelope = sin(Double(index + 1) / Double(bars + 1) * .pi)
            heights.append(Int((0.25 + 0.6 * envelope * (0.5 + Double(seed >> 40 & 0xFF) / 512)) * Double(side) * 0.6))
        }
        var raw = Data(capacity: side * (side * 3 + 1))
        let middle = side / 2
        for y in 0..<side {
            raw.append(0)  // filter: none
            for x in 0..<side {
                var white = false
                let column = x - left
                if column >= 0, column % (barWidth + gap) < barWidth, column / (barWidth + gap) < bars {
                    white = abs(y - middle) <= heights[column / (barWidth + gap)] / 2
                }
                if white { raw.append(contentsOf: [0xFF, 0xFF, 0xFF]) } else { raw.append(contentsOf: [background.0, background.1, background.2]) }
            }
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header += bigEndian(UInt32(side)) + bigEndian(UInt32(side))
        header += Data([8, 2, 0, 0, 0])  // 8-bit RGB, deflate, adaptive filtering, no interlace
        png += chunk("IHDR", header)
        png += chunk("IDAT", try zlib(raw))
        png += chunk("IEND", Data())
        return png
    }

    /// A zlib stream (RFC 1950) of `data`: zlib's gzip output re-framed (the deflate data is the same).
    private static func zlib(_ data: Data) throws -> Data {
        let gzip = try Gzip.compress(data, level: 9)
        guard gzip.count > 18, gzip[gzip.startIndex + 3] == 0 else { throw PodcastError.encoding("unexpected gzip framing") }
        var out = Data([0x78, 0xDA])
        out += gzip[(gzip.startIndex + 10)..<(gzip.endIndex - 8)]
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        out += bigEndian((b << 16) | a)
        return out
    }

    private static func chunk(_ type: String, _ body: Data) -> Data {
        let typed = Data(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    private static let crcTable: [UInt32] = (0..<256).map { value in
        var c = UInt32(value)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in data { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    private static func bigEndian(_ value: UInt32) -> Data {
        Data([UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }
}
