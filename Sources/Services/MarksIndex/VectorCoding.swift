/// Vectors as BLOBs of little-endian Float32 (the byte order of every platform Marks builds for).
enum VectorCoding {
    static func encode(_ vector: [Float]) -> [UInt8] {
        vector.withUnsafeBytes { Array($0) }
    }

    /// The vector in `bytes`, or nil when it is not `dimension` floats (a damaged row is re-embedded).
    static func decode(_ bytes: [UInt8], dimension: Int) -> [Float]? {
        guard bytes.count == dimension * MemoryLayout<Float>.size else { return nil }
        return [Float](unsafeUninitializedCapacity: dimension) { buffer, initialized in
            bytes.withUnsafeBytes { raw in
                for index in 0..<dimension {
                    buffer[index] = raw.loadUnaligned(fromByteOffset: index * 4, as: Float.self)
                }
            }
            initialized = dimension
        }
    }
}
