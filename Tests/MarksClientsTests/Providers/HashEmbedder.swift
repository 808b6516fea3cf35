import Foundation
import MarksEngine

/// A small deterministic embedder for tests: each lower-cased word adds ±1 to a hashed slot of a
/// 64-number vector. Texts sharing words point the same way; no model file is needed.
struct HashEmbedder: TextEmbedder {
    let dimension = 64

    func embed(_ texts: [String]) throws -> [[Float]] {
        texts.map { text in
            var vector = [Float](repeating: 0, count: dimension)
            for word in text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in word.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
                vector[Int(hash % UInt64(dimension))] += (hash >> 32) & 1 == 0 ? 1 : -1
            }
            if vector.allSatisfy({ $0 == 0 }) { vector[0] = 1 }
            return vector
        }
    }
}
