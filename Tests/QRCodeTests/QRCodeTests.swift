import Foundation
import MarksTestSupport
import QRCode
import Testing

@Suite struct QRCodeTests {
    @Test func aLinkBecomesACodeWithItsFinderPatterns() throws {
        let code = try QRCode("http://192.168.1.20:8080/signin?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG")
        #expect(code.size >= 21 && (code.size - 17) % 4 == 0, "a QR version's side is 17 + 4·version")
        // The three finder patterns: dark 7×7 rings with a dark 3×3 centre, at three corners.
        for (ox, oy) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            #expect(code.isDark(x: ox, y: oy) && code.isDark(x: ox + 6, y: oy + 6))
            #expect(!code.isDark(x: ox + 1, y: oy + 1), "the white ring")
            #expect(code.isDark(x: ox + 3, y: oy + 3), "the centre")
        }
        let svg = code.svg(label: "Sign-in link for \"phone\" & more")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(code.size + 8) \(code.size + 8)\""))
        #expect(svg.contains("aria-label=\"Sign-in link for &quot;phone&quot; &amp; more\""))
        #expect(svg.contains("<path fill=\"#000\" d=\"M4 4h7v1h-7z"), "the top-left finder's first row is one 7-module run")
    }

    @Test func emptyAndOversizedTextsAreRefused() {
        #expect(throws: QRCode.EncodeError.self) { try QRCode("") }
        #expect(throws: QRCode.EncodeError.self) { try QRCode(String(repeating: "x", count: 2_001)) }
    }

    /// A real reader decodes the code back to the link (zbarimg from Debian's zbar-tools, on a PBM of the modules).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg"), "skipped: apt-get install zbar-tools"))
    func aQRReaderDecodesTheLink() async throws {
        let link = "http://192.168.1.20:8080/signin?token=Zq3_-x9YbT0kLmN8pQrS1uVwXyZ2aBcD4eFgH5iJ6kA"
        let code = try QRCode(link)
        let scale = 4, side = (code.size + 8) * scale
        var pbm = "P1\n\(side) \(side)\n"
        for y in 0..<side {
            pbm += (0..<side).map { x in code.isDark(x: x / scale - 4, y: y / scale - 4) ? "1" : "0" }.joined(separator: " ") + "\n"
        }
        let directory = try TemporaryDirectory(prefix: "marks-qr")
        defer { directory.cleanUp() }
        let file = directory.url.appendingPathComponent("code.pbm")
        try Data(pbm.utf8).write(to: file)
        let result = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/zbarimg"), ["--quiet", "--raw", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == link)
    }
}
