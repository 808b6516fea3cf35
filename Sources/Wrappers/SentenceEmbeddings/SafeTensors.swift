import Foundation

/// A `.safetensors` file: an 8-byte little-endian header length, a JSON header naming each tensor's
/// dtype, shape and byte range, then the raw little-endian tensor bytes. Every entry is checked on load.
public struct SafeTensors: Sendable {
    /// One tensor as described by the header.
    public struct TensorInfo: Sendable, Equatable {
        /// The element type as spelled in the header (`F32`, `I64`, …).
        public let dtype: String
        /// The dimensions, outermost first.
        public let shape: [Int]
        /// Where the tensor's bytes lie within the data section.
        public let byteRange: Range<Int>
    }

    /// The largest header the format allows (the reference implementation's limit).
    static let maximumHeaderLength = 100_000_000

    /// Every tensor in the file by name (the `__metadata__` entry is skipped).
    public let tensors: [String: TensorInfo]
    /// The free-form `__metadata__` strings, if any.
    public let metadata: [String: String]
    private let bytes: Data
    private let dataOffset: Int
    private let path: String

    /// Reads and validates the file at `url`.
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw EmbeddingError.unreadableFile(path: url.path, reason: Self.reason(for: error))
        }
        try self.init(data: data, path: url.path)
    }

    /// Validates `data` holding a whole `.safetensors` file; `path` names it in errors.
    public init(data: Data, path: String = "<memory>") throws {
        self.path = path
        let bytes = data
        self.bytes = bytes
        func malformed(_ reason: String) -> EmbeddingError {
            .malformedSafeTensors(path: path, reason: reason)
        }
        guard bytes.count >= 8 else {
            throw malformed("the file is \(bytes.count) bytes, too short for the 8-byte header length")
        }
        let declared = bytes.prefix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        // All further access goes through withUnsafeBytes, so a Data slice with a non-zero start works too.
        guard declared <= UInt64(Self.maximumHeaderLength) else {
            throw malformed("the header claims \(declared) bytes, more than the format allows")
        }
        let headerLength = Int(declared)
        guard headerLength <= bytes.count - 8 else {
            throw malformed("the header claims \(headerLength) bytes but only \(bytes.count - 8) follow; the file is truncated")
        }
        let dataOffset = 8 + headerLength
        self.dataOffset = dataOffset
        let dataLength = bytes.count - dataOffset
        let header: SafeTensorsHeader
        do {
            let json = bytes.withUnsafeBytes { Data(UnsafeRawBufferPointer(rebasing: $0[8..<dataOffset])) }
            header = try JSONDecoder().decode(SafeTensorsHeader.self, from: json)
        } catch {
            throw malformed("the header is not a valid tensor table: \(Self.reason(for: error))")
        }
        var tensors: [String: TensorInfo] = [:]
        for (name, entry) in header.entries {
            tensors[name] = try Self.validate(entry, name: name, dataLength: dataLength, path: path)
        }
        self.tensors = tensors
        metadata = header.metadata
    }

    /// The tensor `name` as 32-bit floats, after checking it is F32 with exactly `shape`.
    public func floats(_ name: String, shape: [Int]) throws -> [Float] {
        guard let info = tensors[name] else { throw EmbeddingError.missingTensor(name: name) }
        guard info.dtype == "F32", info.shape == shape else {
            throw EmbeddingError.tensorMismatch(
                name: name, expected: "F32 \(shape)", found: "\(info.dtype) \(info.shape)")
        }
        let count = info.byteRange.count / 4
        let start = dataOffset + info.byteRange.lowerBound
        return bytes.withUnsafeBytes { raw in
            [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
                if count > 0, let source = raw.baseAddress, let target = buffer.baseAddress {
                    memcpy(target, source + start, count * 4) // unaligned-safe copy
                    #if _endian(big)
                    for index in 0..<count {
                        target[index] = Float(bitPattern: UInt32(littleEndian: target[index].bitPattern))
                    }
                    #endif
                }
                initialized = count
            }
        }
    }

    private static func validate(_ entry: SafeTensorsHeader.Entry, name: String, dataLength: Int, path: String) throws -> TensorInfo {
        func malformed(_ reason: String) -> EmbeddingError {
            .malformedSafeTensors(path: path, reason: "tensor \"\(name)\": \(reason)")
        }
        guard let elementSize = elementSizes[entry.dtype] else {
            throw malformed("unknown dtype \(entry.dtype)")
        }
        var elements = 1
        for dimension in entry.shape {
            guard dimension >= 0 else { throw malformed("negative dimension in shape \(entry.shape)") }
            let (product, overflow) = elements.multipliedReportingOverflow(by: dimension)
            guard !overflow else { throw malformed("shape \(entry.shape) is too large") }
            elements = product
        }
        let (byteCount, overflow) = elements.multipliedReportingOverflow(by: elementSize)
        guard !overflow else { throw malformed("shape \(entry.shape) is too large") }
        guard entry.dataOffsets.count == 2 else {
            throw malformed("data_offsets must hold two numbers, found \(entry.dataOffsets.count)")
        }
        let begin = entry.dataOffsets[0]
        let end = entry.dataOffsets[1]
        guard begin >= 0, begin <= end else { throw malformed("data_offsets [\(begin), \(end)] are out of order") }
        guard end <= dataLength else {
            throw malformed("data ends at byte \(end) but the data section has \(dataLength) bytes; the file is truncated")
        }
        guard end - begin == byteCount else {
            throw malformed("\(end - begin) bytes stored but \(entry.dtype) \(entry.shape) needs \(byteCount)")
        }
        return TensorInfo(dtype: entry.dtype, shape: entry.shape, byteRange: begin..<end)
    }

    private static let elementSizes: [String: Int] = [
        "BOOL": 1, "U8": 1, "I8": 1, "F8_E5M2": 1, "F8_E4M3": 1,
        "I16": 2, "U16": 2, "F16": 2, "BF16": 2,
        "I32": 4, "U32": 4, "F32": 4,
        "I64": 8, "U64": 8, "F64": 8,
    ]

    private static func reason(for error: Error) -> String {
        switch error {
        case let DecodingError.dataCorrupted(context),
             let DecodingError.keyNotFound(_, context),
             let DecodingError.typeMismatch(_, context),
             let DecodingError.valueNotFound(_, context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default:
            return error.localizedDescription
        }
    }
}
