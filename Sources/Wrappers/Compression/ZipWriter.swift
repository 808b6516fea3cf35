import CZlib
import Foundation

/// A ZIP archive written front to back, for streaming: each `entry` returns its local header and deflated bytes at
/// once, `finish` the central directory. Names are stored as given, flagged UTF-8; the caller makes them safe. Zip64
/// records are added when the archive needs them (over 65,535 entries or 4 GB), so any size opens in `unzip`,
/// Python's `zipfile` and the file managers; an entry itself is kept under 4 GB.
public struct ZipWriter: Sendable {
    private struct Written {
        var name: [UInt8]
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        var offset: Int
        var method: UInt16
    }

    private var written: [Written] = []
    private var offset = 0
    private var finished = false
    private let dosTime: UInt16
    private let dosDate: UInt16

    /// A writer whose entries are dated `modified` (UTC, as ZIP's two-second DOS time).
    public init(modified: Date = Date(timeIntervalSince1970: 315_532_800)) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: modified)
        let year = min(max((parts.year ?? 1980) - 1980, 0), 127)
        dosDate = UInt16(year << 9 | (parts.month ?? 1) << 5 | (parts.day ?? 1))
        dosTime = UInt16((parts.hour ?? 0) << 11 | (parts.minute ?? 0) << 5 | (parts.second ?? 0) / 2)
    }

    /// The bytes of one entry (local header, name, deflated contents) to write next. `stored` keeps the contents as they
    /// are (ZIP's method 0), as an EPUB's first entry, `mimetype`, must be.
    public mutating func entry(name: String, contents: Data, stored: Bool = false) throws(ZipError) -> Data {
        guard !finished else { throw ZipError.malformed("an entry after the central directory") }
        let nameBytes = Array(name.utf8)
        guard !nameBytes.isEmpty, nameBytes.count <= 0xFFFF else { throw ZipError.malformed("an entry name of \(nameBytes.count) bytes") }
        guard contents.count < 0xFFFF_FFFF else { throw ZipError.tooLarge("an entry of \(contents.count) bytes") }
        let compressed = stored ? contents : try Self.deflated(contents)
        let method: UInt16 = stored ? 0 : 8
        let crc = contents.withUnsafeBytes { raw -> UInt32 in
            UInt32(crc32(0, raw.bindMemory(to: Bytef.self).baseAddress, uInt(raw.count)))
        }
        var out = Data()
        out.reserveCapacity(30 + nameBytes.count + compressed.count)
        out.append32(0x0403_4b50)
        out.append16(20)
        out.append16(0x0800)
        out.append16(method)
        out.append16(dosTime)
        out.append16(dosDate)
        out.append32(crc)
        out.append32(UInt32(compressed.count))
        out.append32(UInt32(contents.count))
        out.append16(UInt16(nameBytes.count))
        out.append16(0)
        out.append(contentsOf: nameBytes)
        out.append(compressed)
        written.append(Written(name: nameBytes, crc: crc, compressedSize: compressed.count, size: contents.count, offset: offset, method: method))
        offset += out.count
        return out
    }

    /// The central directory and its end records; nothing may be added after.
    public mutating func finish() throws(ZipError) -> Data {
        guard !finished else { throw ZipError.malformed("the central directory written twice") }
        finished = true
        var out = Data()
        let directoryStart = offset
        for entry in written {
            let far = entry.offset >= 0xFFFF_FFFF
            out.append32(0x0201_4b50)
            out.append16(0x031E)
            out.append16(far ? 45 : 20)
            out.append16(0x0800)
            out.append16(entry.method)
            out.append16(dosTime)
            out.append16(dosDate)
            out.append32(entry.crc)
            out.append32(UInt32(entry.compressedSize))
            out.append32(UInt32(entry.size))
            out.append16(UInt16(entry.name.count))
            out.append16(far ? 12 : 0)
            out.append16(0)
            out.append16(0)
            out.append16(0)
            out.append32(0o100644 << 16)
            out.append32(far ? 0xFFFF_FFFF : UInt32(entry.offset))
            out.append(contentsOf: entry.name)
            if far {
                out.append16(0x0001)
                out.append16(8)
                out.append64(UInt64(entry.offset))
            }
        }
        let directorySize = out.count
        let directoryEnd = directoryStart + directorySize
        let needs64 = written.count >= 0xFFFF || directoryStart >= 0xFFFF_FFFF || directorySize >= 0xFFFF_FFFF
        if needs64 {
            out.append32(0x0606_4b50)
            out.append64(44)
            out.append16(0x031E)
            out.append16(45)
            out.append32(0)
            out.append32(0)
            out.append64(UInt64(written.count))
            out.append64(UInt64(written.count))
            out.append64(UInt64(directorySize))
            out.append64(UInt64(directoryStart))
            out.append32(0x0706_4b50)
            out.append32(0)
            out.append64(UInt64(directoryEnd))
            out.append32(1)
        }
        out.append32(0x0605_4b50)
        out.append16(0)
        out.append16(0)
        out.append16(needs64 ? 0xFFFF : UInt16(written.count))
        out.append16(needs64 ? 0xFFFF : UInt16(written.count))
        out.append32(needs64 ? 0xFFFF_FFFF : UInt32(directorySize))
        out.append32(needs64 ? 0xFFFF_FFFF : UInt32(directoryStart))
        out.append16(0)
        offset += out.count
        return out
    }

    /// `data` as raw deflate (no zlib or gzip framing), as ZIP's method 8 holds it.
    private static func deflated(_ data: Data) throws(ZipError) -> Data {
        var stream = z_stream()
        let started = deflateInit2_(&stream, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard started == Z_OK else { throw ZipError.malformed("deflateInit2 failed (\(started))") }
        defer { deflateEnd(&stream) }
        let (result, output) = DeflateOnce.run(&stream, data)
        guard result == Z_STREAM_END else { throw ZipError.malformed("deflate did not finish (\(result))") }
        return output
    }
}

private extension Data {
    mutating func append16(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    mutating func append32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }

    mutating func append64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { append(UInt8((value >> UInt64(shift)) & 0xFF)) }
    }
}
