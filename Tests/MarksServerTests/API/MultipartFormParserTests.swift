import Foundation
import Testing
@testable import MarksServer

/// `multipart/form-data` as browsers and Python clients send it, and as an attacker might.
@Suite struct MultipartFormParserTests {
    static func body(_ parts: [String], boundary: String = "XyZ") -> Data {
        Data((parts.map { "--\(boundary)\r\n\($0)\r\n" }.joined() + "--\(boundary)--\r\n").utf8)
    }

    @Test func fieldsAndFilesAreReadInOrder() throws {
        let body = Self.body([
            "Content-Disposition: form-data; name=\"url\"\r\n\r\nhttps://example.com/",
            "Content-Disposition: form-data; name=\"tag_names\"\r\n\r\na",
            "Content-Disposition: form-data; name=\"tag_names\"\r\n\r\nb c",
            "Content-Disposition: form-data; name=\"notes\"\r\n\r\nline 1\r\nline 2\r\n",
            "Content-Disposition: form-data; name=\"file\"; filename=\"page.html\"\r\nContent-Type: text/html\r\n\r\n<p>--XyZ inside</p>",
            "Content-Disposition: form-data; name=\"empty\"\r\n\r\n",
        ])
        let form = try MultipartFormParser.parse(body, boundary: "XyZ")
        #expect(form.fields.map(\.0) == ["url", "tag_names", "tag_names", "notes", "empty"])
        #expect(form.fields.map(\.1) == ["https://example.com/", "a", "b c", "line 1\r\nline 2\r\n", ""])
        #expect(form.files.count == 1)
        #expect(form.files.first?.filename == "page.html")
        #expect(form.files.first?.contentType == "text/html")
        #expect(form.files.first.map { String(decoding: $0.data, as: UTF8.self) } == "<p>--XyZ inside</p>")
    }

    @Test(arguments: [
        ("multipart/form-data; boundary=XyZ", "XyZ"),
        ("multipart/form-data; charset=utf-8; boundary=\"a b:c\"", "a b:c"),
        ("Multipart/Form-Data;BOUNDARY=----WebKitFormBoundary7MA4YWxkTrZu0gW", "----WebKitFormBoundary7MA4YWxkTrZu0gW"),
    ])
    func theBoundaryIsReadFromTheContentType(contentType: String, boundary: String) {
        #expect(MultipartFormParser.boundary(fromContentType: contentType) == boundary)
    }

    @Test(arguments: ["multipart/form-data", "multipart/form-data; boundary=", "multipart/form-data; boundary=\"\"",
                      "multipart/form-data; boundary=" + String(repeating: "x", count: 71), "multipart/form-data; boundary=\"ends \"",
                      "multipart/form-data; boundary=caf\u{E9}"])
    func aMissingOrInvalidBoundaryIsRefused(contentType: String) {
        #expect(MultipartFormParser.boundary(fromContentType: contentType) == nil)
    }

    @Test func aPreambleAndAnEpilogueAreIgnoredAndPartsWithoutANameSkipped() throws {
        let text = "preamble\r\n--b\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--b\r\nContent-Disposition: attachment; name=\"x\"\r\n\r\nnot a form field\r\n--b\r\nContent-Disposition: form-data; name=\"ok\"\r\n\r\nyes\r\n--b--\r\nepilogue --b\r\n"
        let form = try MultipartFormParser.parse(Data(text.utf8), boundary: "b")
        #expect(form.fields.map(\.0) == ["ok"])
        #expect(form.fields.map(\.1) == ["yes"])
    }

    @Test func aBodyWithoutAnyDelimiterIsAnEmptyForm() throws {
        let form = try MultipartFormParser.parse(Data("url=https://example.com".utf8), boundary: "b")
        #expect(form.fields.isEmpty && form.files.isEmpty)
    }

    @Test(arguments: [
        "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\ncut off here",
        "--b\r\nContent-Disposition: form-data; name=\"a\"\r\nno blank line--b--\r\n",
        "--b\r\nContent-Disposition: form-data; name=\"a\"\r\nBroken header line\r\n\r\nx\r\n--b--",
        "--b\r\n" + String(repeating: "X-Long: " + String(repeating: "y", count: 100) + "\r\n", count: 100) + "\r\nx\r\n--b--",
    ])
    func brokenPartsAreAClearFailure(text: String) {
        #expect(throws: MultipartFormParser.Failure.self) { try MultipartFormParser.parse(Data(text.utf8), boundary: "b") }
    }

    @Test func tooManyPartsAreRefused() {
        let part = "Content-Disposition: form-data; name=\"f\"\r\n\r\nv"
        let body = Self.body(Array(repeating: part, count: MultipartFormParser.maxParts + 1), boundary: "b")
        #expect(throws: MultipartFormParser.Failure(message: "The number of GET/POST parameters exceeded settings.DATA_UPLOAD_MAX_NUMBER_FIELDS.")) {
            try MultipartFormParser.parse(body, boundary: "b")
        }
    }

    @Test func nearDelimitersInAHugeBodyStayLinear() throws {
        // Every position almost matches "\r\n--" + boundary: a naive search would compare ~70 bytes at each of 8 M positions.
        let boundary = String(repeating: "-", count: 69) + "x"
        let filler = String(repeating: "\r\n" + String(repeating: "-", count: 71), count: 110_000)
        let text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\n\(filler)\r\n--\(boundary)--\r\n"
        let start = ContinuousClock.now
        let form = try MultipartFormParser.parse(Data(text.utf8), boundary: boundary)
        #expect(form.fields.first?.1.utf8.count == filler.utf8.count)
        #expect(ContinuousClock.now - start < .seconds(120)) // a hang guard (a quadratic scan would take hours), not a speed target
    }

    @Test func randomBytesNeverCrashTheParser() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["--b", "\r\n", "--", "Content-Disposition: form-data; name=\"a\"", "filename=\"x\"", ";", "\"", "x", "\r\n\r\n", "\u{FF}"]
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            do {
                _ = try MultipartFormParser.parse(Data(text.utf8), boundary: "b")
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
    }
}
