import Foundation
import Testing
@testable import SentenceEmbeddings

/// Builds `.safetensors` bytes: the 8-byte little-endian length, the header, then the data.
private func safetensors(header: String, data: [UInt8] = [], declaredLength: UInt64? = nil) -> Data {
    let json = Array(header.utf8)
    let length = declaredLength ?? UInt64(json.count)
    var bytes = (0..<8).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) }
    bytes += json + data
    return Data(bytes)
}

private func floatBytes(_ values: [Float]) -> [UInt8] {
    values.flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value.bitPattern >> (8 * $0)) } }
}

private func malformedReason(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let EmbeddingError.malformedSafeTensors(_, reason) {
        return reason
    } catch {
        return "unexpected \(error)"
    }
}

struct SafeTensorsTests {
    static let validHeader = #"{"__metadata__":{"format":"pt"},"w":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]},"#
        + #""b":{"dtype":"F32","shape":[3],"data_offsets":[16,28]},"ids":{"dtype":"I64","shape":[1],"data_offsets":[28,36]}}"#
    static let validData = floatBytes([1, -2, 3.5, 0.25, 7, 8, 9]) + [1, 0, 0, 0, 0, 0, 0, 0]

    @Test func readsTensorsAndMetadata() throws {
        let file = try SafeTensors(data: safetensors(header: Self.validHeader, data: Self.validData))
        #expect(file.metadata == ["format": "pt"])
        #expect(file.tensors.count == 3)
        #expect(try file.floats("w", shape: [2, 2]) == [1, -2, 3.5, 0.25])
        #expect(try file.floats("b", shape: [3]) == [7, 8, 9])
        #expect(file.tensors["ids"]?.dtype == "I64")
    }

    @Test func readsFromADataSliceThatDoesNotStartAtZero() throws {
        let whole = Data([0xAA, 0xBB]) + safetensors(header: Self.validHeader, data: Self.validData)
        let file = try SafeTensors(data: whole.dropFirst(2))
        #expect(try file.floats("b", shape: [3]) == [7, 8, 9])
    }

    @Test func checksDtypeShapeAndPresence() throws {
        let file = try SafeTensors(data: safetensors(header: Self.validHeader, data: Self.validData))
        #expect(throws: EmbeddingError.tensorMismatch(name: "w", expected: "F32 [4]", found: "F32 [2, 2]")) {
            try file.floats("w", shape: [4])
        }
        #expect(throws: EmbeddingError.tensorMismatch(name: "ids", expected: "F32 [1]", found: "I64 [1]")) {
            try file.floats("ids", shape: [1])
        }
        #expect(throws: EmbeddingError.missingTensor(name: "nope")) { try file.floats("nope", shape: [1]) }
    }

    @Test(arguments: [
        (Data(), "too short"),
        (Data([1, 2, 3]), "too short"),
        (safetensors(header: "{}", declaredLength: 1 << 40), "more than the format allows"),
        (safetensors(header: "{}", declaredLength: UInt64.max), "more than the format allows"),
        (safetensors(header: "{}", declaredLength: 500), "truncated"),
        (safetensors(header: "not json"), "not a valid tensor table"),
        (safetensors(header: "[1,2,3]"), "not a valid tensor table"),
        (safetensors(header: #"{"w":{"shape":[1],"data_offsets":[0,4]}}"#), "dtype"),
        (safetensors(header: #"{"w":{"dtype":"F32","shape":[1.5],"data_offsets":[0,4]}}"#), "not a valid tensor table"),
        (safetensors(header: #"{"w":{"dtype":"F32","shape":[1],"data_offsets":[0,99999999999999999999999]}}"#), "not a valid tensor table"),
        (safetensors(header: #"{"w":{"dtype":"Q4","shape":[1],"data_offsets":[0,4]}}"#, data: [0, 0, 0, 0]), "unknown dtype"),
        (safetensors(header: #"{"w":{"dtype":"F32","shape":[-1],"data_offsets":[0,4]}}"#, data: [0, 0, 0, 0]), "negative dimension"),
        (safetensors(header: #"{"w":{"dtype":"F32","shape":[9223372036854775807,4],"data_offsets":[0,4]}}"#, data: [0, 0, 0, 0]), "too large"),
        (safetensors(header: #"{"w":{"dtype":"F32","shape":[1],"data_offsets":[4,0]}}"#, data: [0, 0, 0, 0]), "out of order"),
        (safetensors(header: #"{"w":{"dtype":"F32","shape":[1],"data_offsets":[-4,0]}}"#, data: [0, 0, 0, 0]), "out of order"),
        (safetensors(header: #"{"w":{"dtype":"F32","shape":[1],"data_offsets":[0]}}"#, data: [0, 0, 0, 0]), "two numbers"),
        (safetensors(header: #"{"w":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}}"#, data: [0, 0, 0, 0]), "truncated"),
        (safetensors(header: #"{"w":{"dtype":"F32","shape":[2],"data_offsets":[0,4]}}"#, data: [0, 0, 0, 0]), "needs 8"),
        (safetensors(header: #"{"__metadata__":{"format":3}}"#), "not a valid tensor table"),
    ] as [(Data, String)])
    func rejectsHostileFiles(bytes: Data, expectedReason: String) {
        let reason = malformedReason { _ = try SafeTensors(data: bytes) }
        #expect(reason?.contains(expectedReason) == true, "got \(reason ?? "no error")")
    }

    @Test func rejectsEveryTruncationOfAValidFile() {
        let whole = safetensors(header: Self.validHeader, data: Self.validData)
        for length in 0..<whole.count {
            #expect(malformedReason { _ = try SafeTensors(data: whole.prefix(length)) } != nil, "length \(length)")
        }
    }

    @Test func survivesRandomCorruption() {
        // Flipping header bytes must give an error or a file whose accessors still check bounds.
        var generator = SystemRandomNumberGenerator()
        let whole = [UInt8](safetensors(header: Self.validHeader, data: Self.validData))
        for _ in 0..<500 {
            var bytes = whole
            for _ in 0..<3 {
                bytes[Int.random(in: 0..<(8 + Self.validHeader.utf8.count), using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            do {
                let file = try SafeTensors(data: Data(bytes))
                for (name, info) in file.tensors where info.dtype == "F32" {
                    #expect(try file.floats(name, shape: info.shape).count == info.shape.reduce(1, *))
                }
            } catch {
                #expect(error is EmbeddingError)
            }
        }
    }

    @Test func reportsAnUnreadableFile() {
        #expect {
            try SafeTensors(contentsOf: URL(fileURLWithPath: "/nonexistent/model.safetensors"))
        } throws: { error in
            guard case EmbeddingError.unreadableFile = error else { return false }
            return "\(error)".contains("/nonexistent/model.safetensors")
        }
    }
}
