/// A unit vector as stored on disk and held in memory: one signed byte per component (`codes`, -127…127) and a
/// Float32 `scale`, so component `i` is `Float(codes[i]) * scale`. The scale is the largest magnitude over 127, so
/// rounding moves each component by at most half a step; for a unit vector of 384 components the decoded vector's
/// cosine with the original stays above 0.9999, and a score against a unit query moves by about 0.0003. The BLOB is
/// the scale (little-endian Float32) then the codes: `dimension + 4` bytes, 388 at the bundled model's 384 where
/// Float32 took 1,536. The one copy of this coding: the index's writes, its loads and its migration use it.
struct QuantizedVector: Sendable, Equatable {
    /// The factor every code is multiplied by (0 for a zero vector).
    var scale: Float
    /// One code per component.
    var codes: [Int8]

    /// The largest code magnitude.
    static let levels: Float = 127

    /// Bytes of the BLOB of a vector of `dimension` components.
    static func byteCount(dimension: Int) -> Int {
        dimension + MemoryLayout<Float>.size
    }

    /// `vector` quantised (non-finite components count as zero, so a damaged vector cannot poison every score).
    init(_ vector: [Float]) {
        var largest: Float = 0
        for value in vector where value.isFinite { largest = max(largest, abs(value)) }
        guard largest > 0 else {
            self.init(scale: 0, codes: [Int8](repeating: 0, count: vector.count))
            return
        }
        let inverse = Self.levels / largest
        self.init(scale: largest / Self.levels, codes: vector.map { value in
            value.isFinite ? Int8(max(-Self.levels, min(Self.levels, (value * inverse).rounded()))) : 0
        })
    }

    init(scale: Float, codes: [Int8]) {
        self.scale = scale
        self.codes = codes
    }

    /// The vector stored in `bytes`, or nil when it is not a vector of `dimension` (a damaged row is re-embedded).
    init?(blob bytes: [UInt8], dimension: Int) {
        guard bytes.count == Self.byteCount(dimension: dimension) else { return nil }
        let scale = bytes.withUnsafeBytes { Float(bitPattern: UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
        guard scale.isFinite, scale >= 0 else { return nil }
        self.init(scale: scale, codes: bytes[MemoryLayout<Float>.size...].map { Int8(bitPattern: $0) })
    }

    /// The BLOB: the scale, then the codes.
    var blob: [UInt8] {
        var bytes = withUnsafeBytes(of: scale.bitPattern.littleEndian) { Array($0) }
        bytes.reserveCapacity(Self.byteCount(dimension: codes.count))
        bytes.append(contentsOf: codes.map { UInt8(bitPattern: $0) })
        return bytes
    }

    /// The vector the codes stand for.
    var floats: [Float] {
        codes.map { Float($0) * scale }
    }

    /// The vector of a BLOB written before this coding (little-endian Float32 components), quantised; nil when its
    /// length is not a whole number of floats. Only the index's migration reads that format.
    static func fromFloat32(blob bytes: [UInt8]) -> QuantizedVector? {
        let width = MemoryLayout<Float>.size
        guard !bytes.isEmpty, bytes.count % width == 0 else { return nil }
        let floats = bytes.withUnsafeBytes { raw in
            (0..<bytes.count / width).map { Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * width, as: UInt32.self))) }
        }
        return QuantizedVector(VectorMathHelpers.unit(floats))
    }
}
