import Foundation
import Testing
@testable import MarksServer

/// The JSON reader answers as Python's `json` module (the messages below were taken from CPython; the trailing
/// comma ones from 3.13, the version linkding 1.46.2 runs on).
@Suite struct PythonJSONParserTests {
    @Test(arguments: [
        (#"{"url": "#, "Expecting value: line 1 column 9 (char 8)"),
        ("<html><body>hi</body></html>", "Expecting value: line 1 column 1 (char 0)"),
        (#"{"url": "a",}"#, "Illegal trailing comma before end of object: line 1 column 12 (char 11)"),
        ("[1,]", "Illegal trailing comma before end of array: line 1 column 3 (char 2)"),
        (#"{"a" 1}"#, "Expecting ':' delimiter: line 1 column 6 (char 5)"),
        (#"{"a": 1 "b": 2}"#, "Expecting ',' delimiter: line 1 column 9 (char 8)"),
        ("{a: 1}", "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"),
        ("{\"a\": \"x\ny\"}", "Invalid control character at: line 1 column 9 (char 8)"),
        (#"{"a": "\q"}"#, #"Invalid \escape: line 1 column 8 (char 7)"#),
        (#"{"a": "\u12"}"#, #"Invalid \uXXXX escape: line 1 column 9 (char 8)"#),
        (#"{"a": "\u12zz"}"#, #"Invalid \uXXXX escape: line 1 column 9 (char 8)"#),
        (#""abc"#, "Unterminated string starting at: line 1 column 1 (char 0)"),
        (#"{"a": 1}  x"#, "Extra data: line 1 column 11 (char 10)"),
        ("", "Expecting value: line 1 column 1 (char 0)"),
        ("   ", "Expecting value: line 1 column 4 (char 3)"),
        ("[", "Expecting value: line 1 column 2 (char 1)"),
        ("[1,", "Expecting value: line 1 column 4 (char 3)"),
        ("{", "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"),
        (#"{"a":"#, "Expecting value: line 1 column 6 (char 5)"),
        ("tru", "Expecting value: line 1 column 1 (char 0)"),
        ("-", "Expecting value: line 1 column 1 (char 0)"),
        ("01", "Extra data: line 1 column 2 (char 1)"),
        ("1.", "Extra data: line 1 column 2 (char 1)"),
        (#"{"é": "x", "b": ?}"#, "Expecting value: line 1 column 17 (char 16)"),
        ("{\"a\":1}\n\n  ]", "Extra data: line 3 column 3 (char 11)"),
        ("\u{FEFF}{}", "Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)"),
        (#"{"n": NaN}"#, "Out of range float values are not JSON compliant: 'NaN'"),
        ("[-Infinity]", "Out of range float values are not JSON compliant: '-Infinity'"),
    ])
    func malformedJSONIsWordedAsPythonWordsIt(input: String, message: String) {
        #expect(throws: PythonJSONParser.Failure(message: message)) { try PythonJSONParser.parse(Data(input.utf8)) }
    }

    @Test(arguments: [
        (Data([0x7B, 0x22, 0x75, 0x72, 0x6C, 0x22, 0x3A, 0x20, 0x22, 0xFF, 0x22, 0x7D]), "'utf-8' codec can't decode byte 0xff in position 9: invalid start byte"),
        (Data([0xE2, 0x82]), "'utf-8' codec can't decode bytes in position 0-1: unexpected end of data"),
        (Data([0x61, 0x62, 0x63, 0xE2]), "'utf-8' codec can't decode byte 0xe2 in position 3: unexpected end of data"),
        (Data([0xC3, 0x28]), "'utf-8' codec can't decode byte 0xc3 in position 0: invalid continuation byte"),
        (Data([0xED, 0xA0, 0x80]), "'utf-8' codec can't decode byte 0xed in position 0: invalid continuation byte"),
        (Data([0xC0, 0xAF]), "'utf-8' codec can't decode byte 0xc0 in position 0: invalid start byte"),
        (Data([0xF5, 0x80]), "'utf-8' codec can't decode byte 0xf5 in position 0: invalid start byte"),
    ])
    func bytesThatAreNotUTF8AreWordedAsPythonsCodec(input: Data, message: String) {
        #expect(throws: PythonJSONParser.Failure(message: message)) { try PythonJSONParser.parse(input) }
    }

    @Test func valuesKeepPythonsTypesAndKeyOrder() throws {
        let parsed = try PythonJSONParser.parse(Data(#"{"b": 1, "a": [true, null, -0, 1e5, 2.5, "\ud83d\ude00 \u00e9\n"], "b": "again"}"#.utf8))
        guard case .object(let fields) = parsed else {
            Issue.record("not an object")
            return
        }
        #expect(fields.map(\.0) == ["b", "a"])
        #expect(parsed["b"]?.pythonString == "again")
        guard case .array(let items)? = parsed["a"] else {
            Issue.record("not an array")
            return
        }
        #expect(items.map(\.pythonTypeName) == ["bool", "NoneType", "int", "float", "float", "str"])
        #expect(items.map(\.pythonString) == ["True", "None", "0", "100000.0", "2.5", "😀 é\n"])
    }

    @Test func aLoneSurrogateIsKeptAsAMarkForTheFieldRules() throws {
        guard case .surrogateString(let text, let surrogate) = try PythonJSONParser.parse(Data(#""a\udc00b\ud800""#.utf8)) else {
            Issue.record("not a surrogate string")
            return
        }
        #expect(text == "a\u{FFFD}b\u{FFFD}")
        #expect(surrogate == 0xDC00)
        guard case .string(let pair) = try PythonJSONParser.parse(Data(#""\ud83d\ude00""#.utf8)) else {
            Issue.record("a joined pair is a plain string")
            return
        }
        #expect(pair == "😀")
    }

    @Test func hugeNumbersAndDeepNestingAreRefusedNotCrashed() {
        let digits = String(repeating: "7", count: 5000)
        #expect(throws: PythonJSONParser.Failure(message: "Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits; use sys.set_int_max_str_digits() to increase the limit")) {
            try PythonJSONParser.parse(Data(digits.utf8))
        }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: PythonJSONParser.Failure(message: "maximum recursion depth exceeded while decoding a JSON array from a unicode string")) {
            try PythonJSONParser.parse(Data(deep.utf8))
        }
        let fine = String(repeating: "[", count: 400) + String(repeating: "]", count: 400)
        #expect(throws: Never.self) { try PythonJSONParser.parse(Data(fine.utf8)) }
    }

    @Test func aTenMegabyteStringParsesQuickly() throws {
        let title = String(repeating: "abcdéfgh", count: 1_250_000)
        let start = ContinuousClock.now
        let parsed = try PythonJSONParser.parse(Data("{\"title\": \"\(title)\"}".utf8))
        #expect(parsed["title"]?.pythonString.count == title.count)
        #expect(ContinuousClock.now - start < .seconds(120)) // a hang guard, not a speed target
    }

    @Test func randomBytesNeverCrashTheParser() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array(#"{}[]",:0123456789-+.eE \truefalsn\u"é"#.utf8) + [0xFF, 0x00, 0x0A]
        for _ in 0..<2000 {
            let length = Int.random(in: 0...40, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0x20 }
            do {
                _ = try PythonJSONParser.parse(Data(bytes))
            } catch {
                #expect(error.message.contains(": ") || error.message.hasPrefix("Out of range") || error.message.hasPrefix("Surrogate"))
            }
        }
    }
}
