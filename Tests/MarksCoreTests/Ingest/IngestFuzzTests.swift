import MarksTestSupport
import Foundation
import Testing
@testable import MarksCore
import MarksBookmarks

/// Feeds ~20,000 random and mutated inputs to every payload kind with a seeded generator (a failure
/// names its seed and iteration, so it reproduces), stopping early after a few seconds, and checks the
/// parser's promises: a result has an http/https URL with a host and notes of at most 1,800
/// characters; anything else is `noLinkFound`.
@Suite struct IngestFuzzTests {
    static let seeds: [String] = [
        "Great read https://x.com/a. Thanks!", "[t](https://example.com/a_(b)) and <https://e.example.com>",
        "www.example.com/path?q=1#f", "(see https://en.wikipedia.org/wiki/A_(b))", "javascript:alert('https://e.com')",
        #"{\rtf1 {\field{\*\fldinst HYPERLINK "https://example.com/f"}{\fldrslt f}} \u8212? \'93 {\object{\*\objdata 01}}}"#,
        "<base href='https://b.example.com/'><a href='x'>x</a> https://t.example.com", "“https://example.com/q”, 'https://a.b.c'",
        "![i](https://example.com/i.png)", "http://[::1]:80/ http://localhost/ https://user:pw@host.example/",
    ]

    static let fragments: [String] = [
        "https://", "http://", "www.", ".", ",", ")", "(", "]", "[", "<", ">", "\"", "'", "!", "?", " ", "\n", "\u{0}",
        "\u{A0}", "é", "😀", "。", "{\\", "\\par ", "\\u-10179?", "\\'e9", "{\\*\\objdata ", "}", "\\bin5 ", "example.com",
        "/path", "?x=1", "#frag", ":8080", "%", "%zz", "@", "-", "…", "\u{200B}", "\r\n",
    ]

    @Test(arguments: [UInt64(0xC0FFEE), 0xBADC0DE])
    func randomAndMutatedPayloads(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let deadline = ContinuousClock.now + .seconds(4)
        var iteration = 0
        while iteration < 10_000, ContinuousClock.now < deadline {
            let input = Self.input(using: &generator)
            let payload = Self.payload(input, kind: iteration % 6, using: &generator)
            do {
                let result = try IngestPayloadParser.parse([payload])
                let valid = ["http", "https"].contains(result.url.scheme ?? "") && !(result.url.host() ?? "").isEmpty
                #expect(valid, "seed \(seed) iteration \(iteration): bad URL \(result.url)")
                #expect(result.notes.count <= 1_800, "seed \(seed) iteration \(iteration): notes too long")
            } catch let error as IngestError {
                #expect(error == .noLinkFound)
            } catch {
                Issue.record("seed \(seed) iteration \(iteration): unexpected error \(error)")
            }
            iteration += 1
        }
        #expect(iteration >= 500, "the fuzz loop ran only \(iteration) inputs")
    }

    private static func input(using generator: inout SeededGenerator) -> [UInt8] {
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: // random bytes
            return (0..<Int.random(in: 0..<400, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        case 1: // random fragments
            let pieces = (0..<Int.random(in: 1..<40, using: &generator)).map { _ in fragments.randomElement(using: &generator) ?? "" }
            return Array(pieces.joined().utf8)
        default: // a seed with mutations
            var bytes = Array((seeds.randomElement(using: &generator) ?? "").utf8)
            for _ in 0..<Int.random(in: 1..<8, using: &generator) {
                let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes.insert(contentsOf: Array((fragments.randomElement(using: &generator) ?? "").utf8), at: position)
                case 1: if !bytes.isEmpty { bytes.remove(at: position) }
                default: if !bytes.isEmpty { bytes[position] = UInt8.random(in: 0...255, using: &generator) }
                }
            }
            return bytes
        }
    }

    private static func payload(_ bytes: [UInt8], kind: Int, using generator: inout SeededGenerator) -> IngestPayload {
        let text = String(decoding: bytes, as: UTF8.self)
        switch kind {
        case 0: return .plainText(text)
        case 1: return .url(text)
        case 2: return .html(text, baseURL: Bool.random(using: &generator) ? URL(string: "https://base.example.com/dir/") : nil)
        case 3: return .rtf(Data(bytes))
        case 4: return .textAttachment(Data(bytes), filename: ["a.txt", "a.rtf", "a.html", nil].randomElement(using: &generator) ?? nil)
        default: return .plainText(text + " https://example.com/" + text)
        }
    }
}
