import MarksTestSupport
import Foundation
import Testing
@testable import MarksCore

@Suite struct RTFTextTests {
    @Test(arguments: [
        (#"{\rtf1 Hello\par World}"#, "Hello\nWorld"),
        (#"{\rtf1\ansi\ansicpg1252 caf\'e9 \'80 \'93q\'94}"#, "café € “q”"),
        (#"{\rtf1\uc1 \u8212? and \u-4064?}"#, "— and \u{F020}"),
        (#"{\rtf1\uc2 x\u8364\'80\'80y}"#, "x€y"),
        (#"{\rtf1\uc0 \u233 t\u233}"#, "été"),
        (#"{\rtf1 {\uc3 \u233abc}d\u233?}"#, "éd\u{E9}"),
        (#"{\rtf1 \u-10179?\u-8704? smile}"#, "😀 smile"),
        (#"{\rtf1 lone \u-10179? high}"#, "lone \u{FFFD} high"),
        (#"{\rtf1 a\{b\}c\\d\~e\_f\-g}"#, "a{b}c\\d\u{A0}e-fg"),
        (#"{\rtf1 {\fonttbl{\f0 Times;}}{\colortbl;\red0;}{\stylesheet{\s0 Normal;}}{\info{\author Me}}body}"#, "body"),
        (#"{\rtf1 {\*\unknowndest hidden {nested} text}shown}"#, "shown"),
        (#"{\rtf1 {\pict\wmetafile8 0102abcdef}{\object{\*\objdata 01}{\result shown?}}after}"#, "after"),
        (#"{\rtf1 a\bin4 }}}}b}"#, "ab"),
        (#"{\rtf1 a\bin999999 xyz}"#, "a"),
        (#"{\rtf1 a\tab b\cell c\row d\line e}"#, "a\tb\tc\nd\ne"),
        (#"{\rtf1 \lquote x\rquote  \ldblquote y\rdblquote  \bullet  \endash}"#, "‘x’ “y” • –"),
        (#"{\rtf1 unbalanced}}} braces {{ and more"#, "unbalanced braces  and more"),
        ("plain text, no rtf at all", "plain text, no rtf at all"),
        ("", ""),
        (#"{\rtf1 ends with backslash\"#, "ends with backslash"),
        (#"{\rtf1 \'zz bad hex \'4"#, "zz bad hex 4"), // an incomplete escape is left as text
        (#"{\rtf1 Grüße raw utf8}"#, "Grüße raw utf8"),
        ("{\\rtf1 line\r\nbreaks\\\nescaped}", "linebreaks\nescaped"),
    ])
    func converts(rtf: String, expected: String) {
        #expect(RTFText(rtf: rtf).text == expected)
    }

    @Test func hyperlinkFields() {
        let rtf = #"{\rtf1 Intro {\field{\*\fldinst{HYPERLINK "https://example.com/a" \\o "tip"}}{\fldrslt{\ul first}}} mid {\field{\*\fldinst HYPERLINK https://example.com/b}{\fldrslt second}} {\field{\*\fldinst PAGE}{\fldrslt 3}} {\field{\*\fldinst HYPERLINK \\l "anchor"}{\fldrslt local}}}"#
        let text = RTFText(rtf: rtf)
        #expect(text.text == "Intro first mid second 3 local")
        #expect(text.hyperlinks == [
            RTFText.Hyperlink(target: "https://example.com/a", text: "first", offset: 6),
            RTFText.Hyperlink(target: "https://example.com/b", text: "second", offset: 16),
        ])
    }

    @Test func deepNestingIsFlattenedNotRecursed() {
        let depth = 1_000_000
        let rtf = "{\\rtf1 " + String(repeating: "{", count: depth) + "deep" + String(repeating: "}", count: depth) + " after}"
        #expect(RTFText(rtf: rtf).text == "deep after")
    }

    @Test func binaryGarbageDoesNotCrash() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<50 {
            let bytes = (0..<5_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = RTFText(rtf: [0x7B, 0x5C, 0x72, 0x74, 0x66] + bytes)
        }
    }
}
