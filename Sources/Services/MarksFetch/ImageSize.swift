import Foundation

/// An image's size in pixels, read from its header: PNG's `IHDR`, GIF's logical screen, JPEG's first start-of-frame,
/// WebP's `VP8 `/`VP8L`/`VP8X` chunk. What the reader's image proxy learns of an image it serves, so the reader can
/// size it before it loads.
public struct ImageSize: Sendable, Equatable {
    public var width: Int
    public var height: Int

    /// A size; nil unless both sides are 1…100,000.
    public init?(width: Int, height: Int) {
        guard (1...100_000).contains(width), (1...100_000).contains(height) else { return nil }
        self.width = width
        self.height = height
    }

    /// The size `data` says it has, or nil (another format, or a header cut short or damaged).
    public init?(of data: Data) {
        let bytes = [UInt8](data.prefix(64 * 1024))
        guard let size = Self.read(bytes) else { return nil }
        self = size
    }

    private static func read(_ b: [UInt8]) -> ImageSize? {
        func big16(_ i: Int) -> Int? { i + 2 <= b.count ? Int(b[i]) << 8 | Int(b[i + 1]) : nil }
        func big32(_ i: Int) -> Int? { i + 4 <= b.count ? Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) : nil }
        func little16(_ i: Int) -> Int? { i + 2 <= b.count ? Int(b[i]) | Int(b[i + 1]) << 8 : nil }
        func little24(_ i: Int) -> Int? { i + 3 <= b.count ? Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 : nil }
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset..<offset + prefix.count]) == prefix
        }
        switch RemoteImage.Format.sniff(Data(b.prefix(16))) {
        case .png:
            guard starts(Array("IHDR".utf8), at: 12), let width = big32(16), let height = big32(20) else { return nil }
            return ImageSize(width: width, height: height)
        case .gif:
            guard let width = little16(6), let height = little16(8) else { return nil }
            return ImageSize(width: width, height: height)
        case .webp:
            if starts(Array("VP8X".utf8), at: 12), let width = little24(24), let height = little24(27) {
                return ImageSize(width: width + 1, height: height + 1)
            }
            if starts(Array("VP8 ".utf8), at: 12), let width = little16(26), let height = little16(28) {
                return ImageSize(width: width & 0x3FFF, height: height & 0x3FFF)
            }
            if starts(Array("VP8L".utf8), at: 12), b.count >= 25 {
                let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
                return ImageSize(width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
            }
            return nil
        case .jpeg:
            // Segments after SOI: FF marker, then a big-endian length that counts itself; SOF0…SOF15 (but DHT C4,
            // JPG C8, DAC CC) hold precision, height, width.
            var index = 2
            while index + 4 <= b.count {
                guard b[index] == 0xFF else { return nil }
                let marker = b[index + 1]
                if marker == 0xFF { index += 1; continue }
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
                guard let length = big16(index + 2), length >= 2 else { return nil }
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    guard let height = big16(index + 5), let width = big16(index + 7) else { return nil }
                    return ImageSize(width: width, height: height)
                }
                if marker == 0xDA || marker == 0xD9 { return nil }
                index += 2 + length
            }
            return nil
        case .avif, .icon, nil:
            return nil
        }
    }
}
