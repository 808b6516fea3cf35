import Foundation
import MarksCore
import Testing

/// `trimmingWhitespace` gives what Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` gives.
@Suite struct WhitespaceTrimmingTests {
    /// Every white-space scalar, its neighbours that are not, and text around them.
    static let spaces: [String] = ["\u{9}", "\u{A}", "\u{B}", "\u{C}", "\u{D}", " ", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}",
                                   "\u{2005}", "\u{200A}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}"]
    static let others: [String] = ["\u{8}", "\u{E}", "\u{200B}", "\u{FEFF}", "\u{180E}", "\u{301}", "a", "é", "e\u{301}", "😀",
                                   "\u{0}", "\r\n", "x y", ""]

    @Test func agreesWithFoundation() {
        var checked = 0
        for left in Self.spaces + Self.others {
            for middle in Self.others + Self.spaces {
                for right in Self.spaces + Self.others {
                    let text = left + middle + right
                    #expect(text.trimmingWhitespace == text.trimmingCharacters(in: .whitespacesAndNewlines),
                            "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                    #expect(text.trimmingWhitespace.unicodeScalars.elementsEqual(
                        text.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars))
                    checked += 1
                }
            }
        }
        #expect(checked == 31 * 31 * 31)
    }

    @Test func keepsTextWithoutOuterSpaceAsIs() {
        #expect("a b".trimmingWhitespace == "a b")
        #expect("  \n ".trimmingWhitespace == "")
        #expect("".trimmingWhitespace == "")
        #expect(" \u{301}a ".trimmingWhitespace.unicodeScalars.map(\.value) == [0x301, 0x61])
    }
}
