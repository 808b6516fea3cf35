import Foundation
import Testing
@testable import MarksServer

/// The streaming multipart reader gives what the buffered one gives, however the body is cut into pieces.
@Suite struct MultipartStreamParserTests {
    /// Fields and files read by feeding `body` in `piece`-byte pieces.
    static func streamed(_ body: [UInt8], boundary: String, piece: Int) throws -> MultipartForm {
        var parser = MultipartStreamParser(boundary: boundary)
        var form = MultipartForm()
        var head: MultipartFormParser.PartHead?
        var content: [UInt8] = []
        var offset = 0
        while offset < body.count {
            let end = min(body.count, offset + piece)
            try body[offset..<end].withUnsafeBytes { bytes in
                try parser.feed(bytes) { event in
                    switch event {
                    case .begin(let next): head = next; content = []
                    case .content(let bytes): content += bytes
                    case .end:
                        guard let part = head else { return }
                        if let filename = part.filename {
                            if !filename.isEmpty { form.files.append(.init(name: part.name, filename: filename, contentType: part.contentType, data: Data(content))) }
                        } else {
                            form.fields.append((part.name, String(decoding: content, as: UTF8.self)))
                        }
                    }
                }
            }
            offset = end
        }
        try parser.finish()
        return form
    }

    static let boundary = "XyZ--boundary"
    static let bodies: [String] = [
        "--XyZ--boundary\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\ntoken\r\n--XyZ--boundary\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nline one\r\nline two with \r\n--XyZ--boundar almost\r\n--XyZ--boundary--\r\n",
        "preamble\r\n--XyZ--boundary\r\nContent-Disposition: form-data; name=\"empty\"\r\n\r\n\r\n--XyZ--boundary  \r\nContent-Disposition: form-data; name=\"files\"; filename=\"\"\r\n\r\n\r\n--XyZ--boundary--epilogue",
        "--XyZ--boundary\r\nContent-Disposition: attachment; name=\"skipped\"\r\n\r\nignored\r\n--XyZ--boundary\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nv\r\n--XyZ--boundary--",
    ]

    @Test(arguments: [1, 2, 3, 7, 16, 64, 100_000])
    func everyPieceSizeReadsWhatTheBufferedParserReads(piece: Int) throws {
        for body in Self.bodies {
            let bytes = Array(body.utf8)
            let buffered = try MultipartFormParser.parse(Data(bytes), boundary: Self.boundary)
            let streamed = try Self.streamed(bytes, boundary: Self.boundary, piece: piece)
            #expect(streamed.fields.map { "\($0.0)=\($0.1)" } == buffered.fields.map { "\($0.0)=\($0.1)" }, "\(body.prefix(40))")
            #expect(streamed.files.map { "\($0.name) \($0.filename) \($0.data.count) \(String(decoding: $0.data, as: UTF8.self))" }
                    == buffered.files.map { "\($0.name) \($0.filename) \($0.data.count) \(String(decoding: $0.data, as: UTF8.self))" })
        }
    }

    @Test func aBodyWithoutItsClosingBoundaryOrWithHugeHeadersIsRefused() throws {
        let cut = Array("--XyZ--boundary\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nvalue".utf8)
        #expect(throws: MultipartFormParser.Failure.self) { _ = try Self.streamed(cut, boundary: Self.boundary, piece: 5) }
        let huge = Array(("--XyZ--boundary\r\nX-Long: " + String(repeating: "h", count: 20_000)).utf8)
        #expect(throws: MultipartFormParser.Failure.self) { _ = try Self.streamed(huge, boundary: Self.boundary, piece: 1000) }
    }
}
