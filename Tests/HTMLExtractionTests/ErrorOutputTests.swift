import Foundation
import Testing
@testable import HTMLExtraction

@Suite struct ErrorOutputTests {
    @Test func parsingInstallsTheSilentHandlerOnTheCallingThread() throws {
        _ = try HTMLDocument(html: "<p>x</p>")
        #expect(HTMLDocument.errorOutputIsSilenced)
    }

    /// Redirects fd 2 to a temporary file while parsing pages full of errors, and checks that libxml2
    /// wrote nothing. Other tests may run at the same time and write to stderr (the test runner's own
    /// lines), so only libxml2's message shapes are looked for, and everything captured is written back.
    @Test func malformedPagesWriteNothingToStandardError() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)").path
        let capture = open(path, O_CREAT | O_RDWR | O_TRUNC, 0o600)
        try #require(capture >= 0)
        defer { close(capture); unlink(path) }
        let saved = dup(STDERR_FILENO)
        try #require(saved >= 0)
        fflush(nil)
        dup2(capture, STDERR_FILENO)
        let pages = [
            "<p>unclosed <b><i></p></div>&bogus; &#xFFFFFFFF; <a href=\"x\" href=\"y\">",
            "<html><html><body><body><frameset><tr><td></table></table>",
            "<!DOCTYPE nonsense SYSTEM \"http://example.com/x.dtd\"><p>&#0;</p><?pi ?><![CDATA[x]]>",
            String(repeating: "<div>", count: 400) + "too deep",
            "<meta charset='shift_jis'>\u{FFFD}",
        ]
        var failures: [String] = []
        for page in pages {
            do { _ = try HTMLDocument(html: page).readableText() } catch { failures.append("\(error)") }
        }
        _ = try HTMLDocument(html: [0x3C, 0x6D, 0x65, 0x74, 0x61, 0x20, 0x63, 0x68, 0x61, 0x72, 0x73, 0x65, 0x74, 0x3D, 0x65, 0x75, 0x63, 0x2D, 0x6A, 0x70, 0x3E, 0xFF, 0xFE, 0x8E, 0x00, 0x80])
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
        let captured = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        if !captured.isEmpty { FileHandle.standardError.write(Data(captured.utf8)) }
        #expect(failures.isEmpty)
        for marker in ["parser error", "HTML parser", "htmlParse", "Entity", "encoding error", "Excessive depth", "xmlParse", "iconv"] {
            #expect(!captured.contains(marker), "libxml2 wrote to stderr: \(captured)")
        }
    }
}
