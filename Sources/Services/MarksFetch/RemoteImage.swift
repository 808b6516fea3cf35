import Foundation

/// An image fetched from another site, checked: its bytes are one of the raster formats Marks serves, and
/// `contentType` is the type those bytes really are (not what the site declared).
public struct RemoteImage: Sendable, Equatable {
    /// The raster formats Marks passes on (no SVG: it can carry script).
    public enum Format: String, Sendable, CaseIterable {
        case png = "image/png"
        case jpeg = "image/jpeg"
        case gif = "image/gif"
        case webp = "image/webp"
        case avif = "image/avif"
        case icon = "image/x-icon"

        /// The format the bytes start with, or nil.
        public static func sniff(_ data: Data) -> Format? {
            let bytes = [UInt8](data.prefix(16))
            func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
                bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
            }
            if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
            if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
            if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
            if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
            if starts(Array("ftypavif".utf8), at: 4) || starts(Array("ftypavis".utf8), at: 4) { return .avif }
            if starts([0x00, 0x00, 0x01, 0x00]) { return .icon }
            return nil
        }
    }

    public var format: Format
    public var data: Data
    /// Where the image came from after redirects.
    public var url: URL

    /// The type to serve it with.
    public var contentType: String { format.rawValue }

    /// An image value.
    public init(format: Format, data: Data, url: URL) {
        self.format = format
        self.data = data
        self.url = url
    }
}
