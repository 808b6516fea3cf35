import CMicroHTTPD
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Feeds a `.segments` body to libmicrohttpd through a content-reader callback: bytes are copied from memory,
/// file ranges read with `pread` from descriptors opened (and checked against the ranges) before the response
/// exists, so a file gone or shortened since the answer was built turns into a 500 instead of a short body.
/// libmicrohttpd owns the reader once the response is made and frees it (closing the files) through `free`.
final class SegmentReader {
    private enum Piece {
        case bytes([UInt8])
        case file(descriptor: Int32, range: Range<UInt64>)

        var count: UInt64 {
            switch self {
            case .bytes(let bytes): UInt64(bytes.count)
            case .file(_, let range): UInt64(range.count)
            }
        }
    }

    /// The pieces and the body offset each starts at.
    private let pieces: [(start: UInt64, piece: Piece)]
    private let descriptors: [Int32]
    let total: UInt64

    private init(pieces: [Piece], descriptors: [Int32]) {
        var start: UInt64 = 0
        var placed: [(start: UInt64, piece: Piece)] = []
        for piece in pieces {
            placed.append((start, piece))
            start += piece.count
        }
        self.pieces = placed
        self.descriptors = descriptors
        self.total = start
    }

    deinit {
        for descriptor in descriptors { close(descriptor) }
    }

    /// A libmicrohttpd response streaming `segments`; nil when a file cannot be opened or is shorter than its range.
    static func response(_ segments: [HTTPResponse.Segment]) -> OpaquePointer? {
        var opened: [String: Int32] = [:]
        var pieces: [Piece] = []
        func closeAll() { for descriptor in opened.values { close(descriptor) } }
        for segment in segments {
            switch segment {
            case .bytes(let data):
                if !data.isEmpty { pieces.append(.bytes(Array(data))) }
            case .file(let path, let range):
                guard !range.isEmpty else { continue }
                let descriptor: Int32
                if let known = opened[path] {
                    descriptor = known
                } else {
                    descriptor = open(path, O_RDONLY | O_CLOEXEC)
                    guard descriptor >= 0 else { closeAll(); return nil }
                    opened[path] = descriptor
                }
                var info = stat()
                guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, UInt64(info.st_size) >= range.upperBound else {
                    closeAll()
                    return nil
                }
                pieces.append(.file(descriptor: descriptor, range: range))
            }
        }
        let reader = SegmentReader(pieces: pieces, descriptors: Array(opened.values))
        let context = Unmanaged.passRetained(reader).toOpaque()
        guard let response = MHD_create_response_from_callback(reader.total, 64 * 1024, readCallback, context, freeCallback) else {
            Unmanaged<SegmentReader>.fromOpaque(context).release()
            return nil
        }
        return response
    }

    /// Copies up to `max` body bytes from `position` into `buffer`; -2 (end with error) when a read fails.
    private func fill(_ buffer: UnsafeMutableRawPointer, at position: UInt64, max: Int) -> Int {
        guard position < total else { return -1 }
        var index = pieces.lastIndex { $0.start <= position } ?? 0
        var offset = position, written = 0
        while written < max, index < pieces.count {
            let (start, piece) = pieces[index]
            let within = offset - start
            let wanted = Int(min(UInt64(max - written), piece.count - within))
            switch piece {
            case .bytes(let bytes):
                bytes.withUnsafeBytes { source in
                    guard let base = source.baseAddress else { return }  // never nil: empty pieces are left out
                    (buffer + written).copyMemory(from: base + Int(within), byteCount: wanted)
                }
            case .file(let descriptor, let range):
                let got = pread(descriptor, buffer + written, wanted, off_t(range.lowerBound + within))
                guard got > 0 else { return written > 0 ? written : -2 }
                if got < wanted { return written + got }
            }
            written += wanted
            offset += UInt64(wanted)
            index += 1
        }
        return written
    }

    private static let readCallback: MHD_ContentReaderCallback = { context, position, buffer, max in
        guard let context, let buffer else { return -2 }
        return Unmanaged<SegmentReader>.fromOpaque(context).takeUnretainedValue().fill(UnsafeMutableRawPointer(buffer), at: position, max: max)
    }

    private static let freeCallback: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        Unmanaged<SegmentReader>.fromOpaque(context).release()
    }
}
