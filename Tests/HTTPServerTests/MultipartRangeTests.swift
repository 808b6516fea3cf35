import MarksTestSupport
import Foundation
import Testing
@testable import HTTPServer

/// `HTTPResponse.file` answering several ranges with `multipart/byteranges`, over a real socket: each part's
/// headers and bytes, the exact `Content-Length`, HEAD, and the 416 when no range is inside the file.
@Suite struct MultipartRangeTests {
    /// 5,000 bytes whose values follow their offsets, so a wrong offset shows.
    static let content = Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 256) })

    static func serving<T>(_ body: (TestClient, TemporaryDirectory) async throws -> T) async throws -> T {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("episode.mp3", content)
        let path = directory.file("episode.mp3").path
        var router = Router()
        router.get("/episode.mp3") { request in try HTTPResponse.file(path: path, contentType: "audio/mpeg", request: request) }
        return try await withLiveServer(responder: router) { _, port in try await body(TestClient(port: port), directory) }
    }

    /// The parts of a `multipart/byteranges` body: each part's headers (lower-cased names) and bytes.
    static func parts(_ body: Data, boundary: String) throws -> [(headers: [String: String], bytes: Data)] {
        let bytes = [UInt8](body)
        let delimiter = Array("--\(boundary)".utf8)
        var starts: [Int] = []
        var index = 0
        while index + delimiter.count <= bytes.count {
            if Array(bytes[index..<(index + delimiter.count)]) == delimiter { starts.append(index); index += delimiter.count } else { index += 1 }
        }
        var parts: [(headers: [String: String], bytes: Data)] = []
        for (number, start) in starts.enumerated() {
            let after = start + delimiter.count
            if Array(bytes[after..<min(after + 2, bytes.count)]) == Array("--".utf8) {
                #expect(number == starts.count - 1, "the closing delimiter comes last")
                #expect(Array(bytes[(after + 2)...]) == Array("\r\n".utf8))
                break
            }
            let next = try #require(starts.dropFirst(number + 1).first)
            let section = Array(bytes[(after + 2)..<(next - 2)])  // after the delimiter's CRLF, before the next one's CRLF
            let split = try #require((0..<(section.count - 3)).first { Array(section[$0..<($0 + 4)]) == Array("\r\n\r\n".utf8) })
            var headers: [String: String] = [:]
            for line in String(decoding: section[..<split], as: UTF8.self).components(separatedBy: "\r\n") {
                let pair = line.split(separator: ":", maxSplits: 1)
                headers[pair[0].lowercased()] = pair.count > 1 ? pair[1].trimmingCharacters(in: .whitespaces) : ""
            }
            parts.append((headers, Data(section[(split + 4)...])))
        }
        return parts
    }

    @Test func severalRangesComeAsMultipartByteranges() async throws {
        try await Self.serving { client, _ in
            let reply = try await client.send("GET", "/episode.mp3", headers: ["Range": "bytes=4000-4099, 0-99, -50"])
            #expect(reply.status == 206)
            #expect(reply.header("Content-Range") == nil)
            #expect(reply.header("Accept-Ranges") == "bytes")
            let type = try #require(reply.header("Content-Type"))
            #expect(type.hasPrefix("multipart/byteranges; boundary=marks-"))
            let boundary = String(type.dropFirst("multipart/byteranges; boundary=".count))
            #expect(reply.header("Content-Length") == String(reply.body.count))
            let parts = try Self.parts(reply.body, boundary: boundary)
            #expect(parts.map { $0.headers["content-range"] } == ["bytes 0-99/5000", "bytes 4000-4099/5000", "bytes 4950-4999/5000"])
            #expect(parts.allSatisfy { $0.headers["content-type"] == "audio/mpeg" })
            #expect(parts.map(\.bytes) == [Self.content[0..<100], Self.content[4000..<4100], Self.content[4950..<5000]].map { Data($0) })
        }
    }

    @Test func headOfSeveralRangesHasTheLengthAndNoBody() async throws {
        try await Self.serving { client, _ in
            let get = try await client.send("GET", "/episode.mp3", headers: ["Range": "bytes=0-9,100-109"])
            let head = try await client.send("HEAD", "/episode.mp3", headers: ["Range": "bytes=0-9,100-109"])
            #expect(head.status == 206)
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Length") == get.header("Content-Length"))
            #expect(head.header("Content-Type")?.hasPrefix("multipart/byteranges; boundary=") == true)
        }
    }

    @Test func boundariesAreAlwaysThirtyTwoHexDigits() {
        // Unpadded hex made a boundary with a leading zero nibble shorter, so a HEAD's length missed the GET's.
        let boundaries = (0..<2_000).map { _ in HTTPResponse.multipartBoundary() }
        #expect(boundaries.allSatisfy { $0.count == "marks-".count + 32 })
        #expect(Set(boundaries).count == boundaries.count)
    }

    @Test func rangesOutsideTheFileAre416WithItsSize() async throws {
        try await Self.serving { client, _ in
            let reply = try await client.send("GET", "/episode.mp3", headers: ["Range": "bytes=5000-,6000-7000"])
            #expect(reply.status == 416)
            #expect(reply.header("Content-Range") == "bytes */5000")
            #expect(reply.body.isEmpty)
        }
    }

    @Test func overlappingRangesAreOnePartAndTooManyTheWholeFile() async throws {
        try await Self.serving { client, _ in
            let merged = try await client.send("GET", "/episode.mp3", headers: ["Range": "bytes=0-99,50-149,150-199"])
            #expect(merged.status == 206)
            #expect(merged.header("Content-Range") == "bytes 0-199/5000")
            #expect(merged.body == Self.content.prefix(200))
            let many = (0..<(ByteRange.maxRanges + 1)).map { "\($0 * 10)-\($0 * 10 + 1)" }.joined(separator: ",")
            let whole = try await client.send("GET", "/episode.mp3", headers: ["Range": "bytes=" + many])
            #expect(whole.status == 200)
            #expect(whole.body == Self.content)
        }
    }

    @Test func aFileShortenedAfterTheAnswerWasBuiltIsA500NotAShortBody() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("episode.mp3", Self.content)
        let file = directory.file("episode.mp3")
        var router = Router()
        router.get("/shrinking.mp3") { request in
            let response = try HTTPResponse.file(path: file.path, request: request)
            do { try Self.content.prefix(100).write(to: file) } catch { throw HTTPError(500, "could not shorten the file") }
            return response
        }
        try await withLiveServer(responder: router) { _, port in
            let reply = try await TestClient(port: port).send("GET", "/shrinking.mp3", headers: ["Range": "bytes=0-9,4000-4999"])
            #expect(reply.status == 500)
            #expect(reply.text == "The file could not be read.")
        }
    }
}
