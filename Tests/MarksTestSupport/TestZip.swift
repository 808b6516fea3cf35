import Compression
import Foundation

/// A small ZIP writer for tests (a stand-in speaking the real format, so no binary fixture is committed): entries
/// stored or deflated (raw deflate cut out of zlib's gzip framing, with its CRC-32): EPUB books and service exports.
public enum TestZip {
    /// One entry: stored, or deflated (the default).
    public struct Entry {
        public var name: String
        public var bytes: [UInt8]
        public var deflated = true

        /// An entry.
        public init(name: String, bytes: [UInt8], deflated: Bool = true) {
            self.name = name
            self.bytes = bytes
            self.deflated = deflated
        }
    }

    /// The archive's bytes. `claimedSizes` overrides the uncompressed size written for entry `name` (a lying header).
    public static func make(_ entries: [Entry], claimedSizes: [String: UInt32] = [:]) throws -> [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let gzip = Array(try Gzip.compress(Data(entry.bytes)))
            let crc = Array(gzip[(gzip.count - 8)..<(gzip.count - 4)])
            let data = entry.deflated ? Array(gzip[10..<(gzip.count - 8)]) : entry.bytes
            let name = Array(entry.name.utf8)
            let method: UInt16 = entry.deflated ? 8 : 0
            let size = claimedSizes[entry.name] ?? UInt32(entry.bytes.count)
            let offset = UInt32(out.count)
            out += le32(0x0403_4b50) + le16(20) + le16(0) + le16(method) + le16(0) + le16(0) + crc
                + le32(UInt32(data.count)) + le32(size) + le16(UInt16(name.count)) + le16(0) + name + data
            directory += le32(0x0201_4b50) + le16(20) + le16(20) + le16(0) + le16(method) + le16(0) + le16(0) + crc
                + le32(UInt32(data.count)) + le32(size) + le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0)
                + le32(0) + le32(offset) + name
        }
        let directoryOffset = UInt32(out.count)
        out += directory
        out += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
            + le32(UInt32(directory.count)) + le32(directoryOffset) + le16(0)
        return out
    }

    public static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    public static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) } }
}
