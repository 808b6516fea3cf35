import Foundation
import HTMLExtraction
import Testing
@testable import MarksReading

/// The archive's JSON form of article tokens, read by `JSONScanner` rather than `JSONDecoder` (the reader page of a
/// 10,000-word article spent ~20 ms decoding it): what `encode` writes reads back exactly, escapes included, and
/// anything else is damaged, never half read.
@Suite struct ArticleTokenCodingTests {
    @Test func whatIsWrittenReadsBackEscapesAndAll() throws {
        let tokens: [ArticleToken] = [
            .start(.h2, []), .text("Quotes \" and \\ backslashes / slashes"), .end(.h2),
            .start(.pre, []), .text("line one\n\tline two\r\n\u{1}\u{1F}"), .end(.pre),
            .start(.a, [ArticleAttribute(.href, "https://example.org/a?b=1&c=\"2\"#x"), ArticleAttribute(.title, "Ünïcödé ✓ 🦆")]),
            .text("naïve café — “curly” 𝄞"), .end(.a),
            .start(.img, [ArticleAttribute(.src, "https://example.org/i.png"), ArticleAttribute(.alt, "")]),
            .text(""),
        ]
        #expect(try ArticleTokenCoding.decode(try ArticleTokenCoding.encode(tokens)) == tokens)
        #expect(try ArticleTokenCoding.decode(" [ ] ") == [])
        #expect(try ArticleTokenCoding.decode(#"[["t", "\u00e9\ud83e\udd86"] , ["e","p"]]"#) == [.text("é🦆"), .end(.p)])
    }

    @Test(arguments: [
        "", "{}", "[", "[[", #"[["t","x"]"#, #"[["t","x"]] junk"#, #"[["t","x"],]"#, "[[1]]", #"[["t"]]"#, "[[]]",
        #"[["s","script"]]"#, #"[["s","a","onclick","x"]]"#, #"[["e","blink"]]"#, #"[["q","x"]]"#, #"[["t","\x"]]"#,
        #"[["t","\ud800"]]"#, "[[\"t\",\"a\u{1}b\"]]",
    ])
    func anythingElseIsDamaged(stored: String) {
        #expect(throws: ArticleTokenCoding.Damaged.self) { try ArticleTokenCoding.decode(stored) }
    }
}
