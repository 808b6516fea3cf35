/// Reads a `multipart/form-data` body piece by piece as it arrives (an upload streamed to disk), with the same
/// rules as `MultipartFormParser`: part headers read by `MultipartFormParser.partHead`, header blocks capped,
/// delimiters found in linear time. Only the bytes that may still be the start of a delimiter (fewer than the
/// delimiter's length) or an unfinished header block are held between pieces, never a part's content.
struct MultipartStreamParser {
    /// What the body holds, in order: a part begins (its head; nil for a part that is not a form field, whose
    /// content is skipped), some of its content, its end.
    enum Event {
        case begin(MultipartFormParser.PartHead?)
        case content(UnsafeRawBufferPointer)
        case end
    }

    private enum State {
        case preamble
        case afterDelimiter
        case headers
        case content
        case epilogue
    }

    private let delimiter: [UInt8]
    private let pattern: BytePattern
    private var state = State.preamble
    /// Bytes read but not yet handed on; starts with the CRLF that lets the first delimiter match like the others.
    private var pending: [UInt8] = [0x0D, 0x0A]
    private var parts = 0

    /// A parser for parts delimited by `boundary` (from `MultipartFormParser.boundary(fromContentType:)`).
    init(boundary: String) {
        delimiter = [UInt8]("\r\n--\(boundary)".utf8)
        pattern = BytePattern(delimiter)
    }

    /// The closing delimiter was read.
    var isComplete: Bool { state == .epilogue }

    /// Reads the next piece, handing every event to `handle` (content points into a buffer valid only during the call).
    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ handle: (Event) -> Void) throws(MultipartFormParser.Failure) {
        guard state != .epilogue else { return }
        pending.append(contentsOf: bytes)
        var position = 0
        defer { pending.removeFirst(position) }
        while true {
            switch state {
            case .preamble:
                guard let found = pattern.first(in: pending, from: position) else {
                    position = max(position, pending.count - (delimiter.count - 1))
                    return
                }
                position = found + delimiter.count
                state = .afterDelimiter
            case .afterDelimiter:
                var index = position
                while index < pending.count, pending[index] == 0x20 || pending[index] == 0x09, index - position < 64 { index += 1 }
                guard index + 1 < pending.count else { return }
                if index == position, pending[index] == UInt8(ascii: "-"), pending[index + 1] == UInt8(ascii: "-") {
                    position = pending.count
                    state = .epilogue
                    return
                }
                guard pending[index] == 0x0D, pending[index + 1] == 0x0A else {
                    throw MultipartFormParser.Failure(message: "A boundary line is not followed by a line break.")
                }
                position = index + 2
                state = .headers
            case .headers:
                guard let (headerEnd, contentStart) = headerBlock(from: position) else {
                    if pending.count - position > MultipartFormParser.maxHeaderBytes {
                        throw MultipartFormParser.Failure(
                            message: "A part has no blank line after its headers (or they exceed \(MultipartFormParser.maxHeaderBytes) bytes).")
                    }
                    return
                }
                parts += 1
                guard parts <= MultipartFormParser.maxParts else {
                    throw MultipartFormParser.Failure(message: "The form has more than \(MultipartFormParser.maxParts) parts.")
                }
                let head = try MultipartFormParser.partHead(String(decoding: pending[position..<headerEnd], as: UTF8.self))
                position = contentStart
                state = .content
                handle(.begin(head))
            case .content:
                let found = pattern.first(in: pending, from: position)
                let end = found ?? max(position, pending.count - (delimiter.count - 1))
                if end > position {
                    let range = position..<end
                    pending.withUnsafeBytes { handle(.content(UnsafeRawBufferPointer(rebasing: $0[range]))) }
                }
                position = end
                guard let found else { return }
                position = found + delimiter.count
                state = .afterDelimiter
                handle(.end)
            case .epilogue:
                position = pending.count
                return
            }
        }
    }

    /// The body ended: it must have ended with the closing delimiter.
    func finish() throws(MultipartFormParser.Failure) {
        guard state == .epilogue else {
            throw MultipartFormParser.Failure(message: "The body ended before its closing boundary.")
        }
    }

    /// Where the header block starting at `start` ends and the content begins (after the blank line), when it is
    /// all here; a part without headers starts with the blank line's CRLF.
    private func headerBlock(from start: Int) -> (Int, Int)? {
        if pending.count - start >= 2, pending[start] == 0x0D, pending[start + 1] == 0x0A { return (start, start + 2) }
        var index = start
        while index + 3 < pending.count {
            if pending[index] == 0x0D, pending[index + 1] == 0x0A, pending[index + 2] == 0x0D, pending[index + 3] == 0x0A {
                return (index, index + 4)
            }
            index += 1
        }
        return nil
    }
}
