import Foundation
import MarksCore
import Testing

/// The byte writer copies string contents in runs between escapes: these pin its output byte for byte.
@Suite struct JSONValueSerializationTests {
    @Test func escapesExactlyWhatItMustAndCopiesTheRest() {
        let text = "\"a\\b\n\r\t\u{0}\u{1f}/é€\u{2027}\u{2028}x\u{2029}😀\u{7f}\""
        #expect(JSONValue.string(text).serialized
            == #""\"a\\b\n\r\t\u0000\u001f/é€\#u{2027}\u2028x\u2029😀\#u{7f}\"""#)
    }

    @Test func stringsRoundTripThroughAJSONParser() throws {
        let samples = ["", "plain", "\u{2028}", "end\u{e2}", "€€€", "\u{1}\u{2}\u{3}", String(repeating: "ab\"", count: 300),
                       (0..<0x30).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\u{2029}\u{2028}"]
        for sample in samples {
            let value = JSONValue.object([("k", .string(sample)), ("a", .array([.int(-3), .bool(true), .null, .double(1.5)]))])
            let parsed = try #require(try JSONSerialization.jsonObject(with: value.data) as? [String: Any])
            #expect(parsed["k"] as? String == sample)
            #expect(value.serialized.hasSuffix(#","a":[-3,true,null,1.5]}"#))
            #expect(Array(value.serialized.utf8) == value.bytes)
        }
    }
}
