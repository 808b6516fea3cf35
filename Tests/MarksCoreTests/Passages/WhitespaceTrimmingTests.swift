import Foundation
import MarksCore
import Testing

/// `trimmingWhitespace` gives what Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` gives; `collapsingWhitespace`
/// what splitting on white-space `Character`s and joining with spaces gives.
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

    /// `collapsingWhitespace` gives what `split(whereSeparator: \.isWhitespace).joined(separator: " ")` gives (but for a
    /// combining mark right after a space, which that idiom drops with the space as one `Character`).
    @Test func collapsingAgreesWithSplittingOnCharacters() {
        let others = Self.others.filter { $0.unicodeScalars.first?.properties.generalCategory != .nonspacingMark }
        var checked = 0
        for left in Self.spaces + others {
            for middle in others + Self.spaces {
                for right in Self.spaces + others {
                    let text = "x" + left + middle + left + right + middle
                    let expected = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    #expect(text.collapsingWhitespace.unicodeScalars.elementsEqual(expected.unicodeScalars),
                            "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                    checked += 1
                }
            }
        }
        #expect(checked == 30 * 30 * 30)
        #expect("  a \n\t b  ".collapsingWhitespace == "a b")
        #expect(" \u{A0}\u{3000} ".collapsingWhitespace == "")
    }

    @Test func keepsTextWithoutOuterSpaceAsIs() {
        #expect("a b".trimmingWhitespace == "a b")
        #expect("  \n ".trimmingWhitespace == "")
        #expect("".trimmingWhitespace == "")
        #expect(" \u{301}a ".trimmingWhitespace.unicodeScalars.map(\.value) == [0x301, 0x61])
    }
}
