import Foundation
import Testing
@testable import MarksCore

@Suite struct JSONScannerTests {
    static func scanner(_ text: String, validatesUTF8: Bool = true) -> JSONScanner {
        JSONScanner(Array(text.utf8), validatesUTF8: validatesUTF8)
    }

    static let strings: [(json: String, text: String, end: Int, surrogate: UInt32?)] = [
        (#""""#, "", 2, nil),
        (#""abc" "#, "abc", 5, nil),
        (#""é😀""#, "é😀", 8, nil),
        (#""a\"b\\c\/d\b\f\n\r\t""#, "a\"b\\c/d\u{8}\u{C}\n\r\t", 22, nil),
        (#""\u00e9\u00C9\ud83d\ude00""#, "éÉ😀", 26, nil),
        (#""x\ud800y""#, "x\u{FFFD}y", 10, 0xD800),
        (#""\udc00\ud800\u0041""#, "\u{FFFD}\u{FFFD}A", 20, 0xDC00),
    ]

    @Test(arguments: strings)
    func readsStrings(_ json: String, _ text: String, _ end: Int, _ surrogate: UInt32?) throws {
        let read = try Self.scanner(json).string(openingQuote: 0)
        #expect(read.text == text)
        #expect(read.end == end)
        #expect(read.loneSurrogate == surrogate)
    }

    static let badStrings: [(json: [UInt8], kind: JSONScanner.StringFailure.Kind, index: Int)] = [
        (Array(#""abc"#.utf8), .unterminated, 0),
        (Array(#""ab\"#.utf8), .unterminated, 0),
        (Array("\"a\nb\"".utf8), .controlCharacter, 2),
        (Array(#""a\qb""#.utf8), .invalidEscape, 2),
        (Array(#""a\u12x4""#.utf8), .invalidUnicodeEscape, 3),
        (Array(#""\ud800\u12""#.utf8), .invalidUnicodeEscape, 8),
        ([0x22, 0x61, 0xFF, 0x22], .invalidUTF8, 0),
        ([0x22, 0xE2, 0x82, 0x5C, 0x6E, 0x22], .invalidUTF8, 0),
    ]

    @Test(arguments: badStrings)
    func refusesBadStrings(_ json: [UInt8], _ kind: JSONScanner.StringFailure.Kind, _ index: Int) {
        #expect(throws: JSONScanner.StringFailure(kind: kind, index: index)) { try JSONScanner(json).string(openingQuote: 0) }
    }

    @Test func leavesUTF8ToAReaderThatCheckedIt() throws {
        #expect(try JSONScanner([0x22, 0x61, 0xFF, 0x22], validatesUTF8: false).string(openingQuote: 0).text == "a\u{FFFD}")
    }

    @Test func followsTheNumberGrammar() {
        let cases: [(String, Int?, Bool)] = [
            ("0", 1, false), ("-0", 2, false), ("12,", 2, false), ("01", 1, false), ("1.5", 3, true), ("1.", 1, false),
            ("1e5", 3, true), ("1E+5", 4, true), ("1e", 1, false), ("-", nil, false), ("+1", nil, false), (".5", nil, false),
            ("-1.25e-3]", 8, true),
        ]
        for (text, end, isFloat) in cases {
            let number = Self.scanner(text).number(at: 0)
            #expect(number?.end == end, "\(text)")
            if end != nil { #expect(number?.isFloat == isFloat, "\(text)") }
        }
    }

    @Test func readsIntegersThatFit() {
        #expect(Self.scanner("9223372036854775807").integer(at: 0)?.value == Int.max)
        #expect(Self.scanner("-9223372036854775808").integer(at: 0)?.value == Int.min)
        #expect(Self.scanner("9223372036854775808").integer(at: 0) == nil)
        #expect(Self.scanner("1.0").integer(at: 0) == nil)
        #expect(Self.scanner("-0 ").integer(at: 0)?.value == 0)
    }

    @Test func skipsValuesWithinADepth() {
        #expect(Self.scanner(#"{"a":[1,{"b":null},"c",true,false,-2.5e3],"d":{}} x"#).skipValue(at: 0, maxDepth: 3) == 49)
        #expect(Self.scanner("[[[]]]").skipValue(at: 0, maxDepth: 2) == nil)
        #expect(Self.scanner("[[[]]]").skipValue(at: 0, maxDepth: 3) == 6)
        for bad in ["[1,]", "{\"a\"}", "{\"a\":1,}", "[1 2]", "{1:2}", "nul", "[", "\"\\x\"", "01"] {
            let end = Self.scanner(bad).skipValue(at: 0, maxDepth: 8)
            #expect((end ?? 0) < bad.utf8.count, "\(bad)")
        }
        #expect(Self.scanner(String(repeating: "[", count: 100_000)).skipValue(at: 0, maxDepth: 64) == nil)
    }
}
