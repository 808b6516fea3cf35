import CZlib
import Foundation

/// A ZIP archive read in place (an EPUB is one): the central directory is parsed once, and an entry is inflated
/// into memory only when asked for, never written to disk. Input is untrusted: every offset and size is checked
/// against the file, the entry count and every entry's output are capped, and so are the bytes inflated in total
/// (a zip bomb, overlapping entries included, stops at those limits with an error). Entry names are data only;
/// Zip64, encrypted entries and methods other than stored and deflate are refused with an error.
public final class ZipArchive {
    /// One entry of the central directory.
    public struct Entry: Sendable, Equatable {
        /// The name as stored (a path inside the archive; never used as a path on disk).
        public var name: String
        /// 0 stored, 8 deflate.
        public var method: UInt16
        public var compressedSize: Int
        public var uncompressedSize: Int
        /// Where its local header starts.
        var localHeaderOffset: Int
        var encrypted: Bool
    }

    /// What an archive may cost to read.
    public struct Limits: Sendable, Equatable {
        /// Entries in the central directory at most.
        public var maximumEntries: Int
        /// Bytes one entry may inflate to.
        public var maximumEntryBytes: Int
        /// Bytes all reads of this archive may inflate to together.
        public var maximumTotalBytes: Int

        /// Limits (defaults: 10,000 entries, 16 MB an entry, 256 MB in all).
        public init(maximumEntries: Int = 10_000, maximumEntryBytes: Int = 16 << 20, maximumTotalBytes: Int = 256 << 20) {
            self.maximumEntries = maximumEntries
            self.maximumEntryBytes = maximumEntryBytes
            self.maximumTotalBytes = maximumTotalBytes
        }
    }

    /// The entries, in central-directory order.
    public let entries: [Entry]
    public let limits: Limits
    private let handle: FileHandle
    private let fileSize: Int
    private var inflatedTotal = 0

    /// Opens the archive at `url` and reads its central directory.
    public init(url: URL, limits: Limits = Limits()) throws(ZipError) {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw ZipError.unreadable(error.localizedDescription)
        }
        self.handle = handle
        self.limits = limits
        do {
            let size = Int(try handle.seekToEnd())
            self.fileSize = size
            self.entries = try Self.readDirectory(handle, fileSize: size, limits: limits)
        } catch let error as ZipError {
            Self.close(handle)
            throw error
        } catch {
            Self.close(handle)
            throw ZipError.unreadable(error.localizedDescription)
        }
    }

    deinit {
        Self.close(handle)
    }

    /// The entry named exactly `name`, if there is one (the first, when a hostile archive repeats a name).
    public func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// The bytes of `entry`, inflated (at most `limits.maximumEntryBytes`).
    public func contents(of entry: Entry) throws(ZipError) -> [UInt8] {
        guard !entry.encrypted else { throw ZipError.unsupported("“\(Self.shown(entry.name))” is encrypted") }
        guard entry.method == 0 || entry.method == 8 else { throw ZipError.unsupported("compression method \(entry.method)") }
        guard entry.uncompressedSize <= limits.maximumEntryBytes else { throw ZipError.tooLarge("“\(Self.shown(entry.name))” inflates to more than \(limits.maximumEntryBytes) bytes") }
        let header = try read(at: entry.localHeaderOffset, count: 30)
        guard Self.uint32(header, 0) == 0x0403_4b50 else { throw ZipError.malformed("no local header for “\(Self.shown(entry.name))”") }
        let dataStart = entry.localHeaderOffset + 30 + Int(Self.uint16(header, 26)) + Int(Self.uint16(header, 28))
        guard entry.compressedSize <= fileSize, dataStart <= fileSize - entry.compressedSize else {
            throw ZipError.malformed("“\(Self.shown(entry.name))” runs past the end of the file")
        }
        // Deflate never grows data by more than a few bytes per 16 KB block: more compressed bytes than the entry may
        // inflate to (plus that margin) cannot be a valid entry within the limit, so they are not even read.
        guard entry.compressedSize <= limits.maximumEntryBytes + limits.maximumEntryBytes / 1000 + 1024 else {
            throw ZipError.tooLarge("“\(Self.shown(entry.name))” holds more than \(limits.maximumEntryBytes) bytes")
        }
        let budget = min(limits.maximumEntryBytes, limits.maximumTotalBytes - inflatedTotal)
        guard budget >= 0 else { throw ZipError.tooLarge("the archive inflates to more than \(limits.maximumTotalBytes) bytes") }
        let compressed = try read(at: dataStart, count: entry.compressedSize)
        let output: [UInt8]
        if entry.method == 0 {
            guard compressed.count <= budget else { throw ZipError.tooLarge("more than \(budget) bytes") }
            output = compressed
        } else {
            output = try Self.inflateRaw(compressed, limit: budget)
        }
        inflatedTotal += output.count
        return output
    }

    /// The central directory: found through the end-of-central-directory record in the last 64 KB.
    private static func readDirectory(_ handle: FileHandle, fileSize: Int, limits: Limits) throws -> [Entry] {
        guard fileSize >= 22 else { throw ZipError.malformed("too short to be a ZIP archive") }
        let tailLength = min(fileSize, 22 + 0xFFFF)
        let tail = try readBytes(handle, at: fileSize - tailLength, count: tailLength)
        guard let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { uint32(tail, $0) == 0x0605_4b50 }) else {
            throw ZipError.malformed("no end of central directory (not a ZIP archive, or truncated)")
        }
        let count = Int(uint16(tail, end + 10))
        let directorySize = Int(uint32(tail, end + 12))
        let directoryOffset = Int(uint32(tail, end + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            throw ZipError.unsupported("Zip64 archives")
        }
        guard count <= limits.maximumEntries else { throw ZipError.tooLarge("\(count) entries (at most \(limits.maximumEntries))") }
        guard directoryOffset <= fileSize, directorySize <= fileSize - directoryOffset else {
            throw ZipError.malformed("the central directory lies outside the file")
        }
        let directory = try readBytes(handle, at: directoryOffset, count: directorySize)
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        var position = 0
        for _ in 0..<count {
            guard position <= directory.count - 46, uint32(directory, position) == 0x0201_4b50 else {
                throw ZipError.malformed("a damaged central directory entry")
            }
            let nameLength = Int(uint16(directory, position + 28))
            let extraLength = Int(uint16(directory, position + 30))
            let commentLength = Int(uint16(directory, position + 32))
            let next = position + 46 + nameLength + extraLength + commentLength
            guard next <= directory.count else { throw ZipError.malformed("a central directory entry runs past its end") }
            let compressed = Int(uint32(directory, position + 20))
            let uncompressed = Int(uint32(directory, position + 24))
            let offset = Int(uint32(directory, position + 42))
            if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || offset == 0xFFFF_FFFF { throw ZipError.unsupported("Zip64 entries") }
            guard offset <= fileSize - 30 else { throw ZipError.malformed("an entry's header lies outside the file") }
            let nameBytes = directory[(position + 46)..<(position + 46 + nameLength)]
            entries.append(Entry(name: String(decoding: nameBytes, as: UTF8.self), method: uint16(directory, position + 10),
                                 compressedSize: compressed, uncompressedSize: uncompressed, localHeaderOffset: offset,
                                 encrypted: uint16(directory, position + 8) & 1 != 0))
            position = next
        }
        return entries
    }

    /// Raw deflate data (no zlib or gzip header) inflated; more than `limit` bytes, or data that does not end,
    /// is an error.
    static func inflateRaw(_ data: [UInt8], limit: Int) throws(ZipError) -> [UInt8] {
        var stream = z_stream()
        let started = inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard started == Z_OK else { throw ZipError.malformed("inflateInit2 failed (\(started))") }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        let failure = data.withUnsafeBytes { input in
            InflateLoop.run(&stream, input, limit: limit) { output.append(contentsOf: $0) }
        }
        switch failure {
        case nil: return output
        case .damaged(let code, _): throw ZipError.malformed("damaged deflate data (zlib \(code))")
        case .tooLarge: throw ZipError.tooLarge("an entry inflates to more than \(limit) bytes")
        case .truncated: throw ZipError.malformed("truncated deflate data")
        }
    }

    private func read(at offset: Int, count: Int) throws(ZipError) -> [UInt8] {
        do {
            return try Self.readBytes(handle, at: offset, count: count)
        } catch let error as ZipError {
            throw error
        } catch {
            throw ZipError.unreadable(error.localizedDescription)
        }
    }

    private static func readBytes(_ handle: FileHandle, at offset: Int, count: Int) throws -> [UInt8] {
        try handle.seek(toOffset: UInt64(offset))
        let data = try handle.read(upToCount: count) ?? Data()
        guard data.count == count else { throw ZipError.malformed("the file ends early") }
        return Array(data)
    }

    private static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    /// A name for a message: control characters dropped, at most 80 characters.
    public static func shown(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.filter { $0.properties.generalCategory != .control
            && $0.properties.generalCategory != .format }).prefix(80))
    }

    private static func close(_ handle: FileHandle) {
        do { try handle.close() } catch {} // opened read-only: nothing to flush
    }
}

@available(*, unavailable, message: "ZipArchive reads through one file handle and keeps a running total; use it from one task")
extension ZipArchive: Sendable {}
