import Foundation
import Testing
@testable import MarksEngine

@Suite struct SentenceSplitterTests {
    let splitter = SentenceSplitter()

    @Test(arguments: [
        ("Hello world. This is a test.", ["Hello world.", "This is a test."]),
        ("Dr. Smith met Mr. Jones at 5 p.m. on Friday. They talked.", ["Dr. Smith met Mr. Jones at 5 p.m. on Friday.", "They talked."]),
        ("The price rose 1.50 dlrs to 16.00 dlrs a barrel. Analysts were surprised.", ["The price rose 1.50 dlrs to 16.00 dlrs a barrel.", "Analysts were surprised."]),
        ("Visit example.com/path.html for details. Then sign in.", ["Visit example.com/path.html for details.", "Then sign in."]),
        ("See https://example.org/a.b?c=d. It works.", ["See https://example.org/a.b?c=d.", "It works."]),
        ("\"We are done.\" She left the room.", ["\"We are done.\"", "She left the room."]),
        ("Is it? Yes! Fine.", ["Is it?", "Yes!", "Fine."]),
        ("J. R. R. Tolkien wrote it. Fans loved it.", ["J. R. R. Tolkien wrote it.", "Fans loved it."]),
        ("Use a tool, e.g. Cargo. It works.", ["Use a tool, e.g. Cargo.", "It works."]),
        ("He moved to the U.S. The move was hard.", ["He moved to the U.S.", "The move was hard."]),
        ("He works at Acme Inc. The firm is small.", ["He works at Acme Inc.", "The firm is small."]),
        ("Acme Inc. Chairman Bob Smith spoke.", ["Acme Inc. Chairman Bob Smith spoke."]),
        ("Wait... What happened? Nothing.", ["Wait...", "What happened?", "Nothing."]),
        ("It rose (by 5%.) Then it fell.", ["It rose (by 5%.)", "Then it fell."]),
        ("今天天气很好。我们去公园吧！好的", ["今天天气很好。", "我们去公园吧！", "好的"]),
        ("यह एक वाक्य है। यह दूसरा है।", ["यह एक वाक्य है।", "यह दूसरा है।"]),
        ("Это первое предложение. Это второе.", ["Это первое предложение.", "Это второе."]),
        ("هذه جملة. وهذه أخرى؟ نعم", ["هذه جملة.", "وهذه أخرى؟", "نعم"]),
    ])
    func splitsSentences(text: String, expected: [String]) {
        #expect(splitter.split(text) == expected)
    }

    @Test func joinsHardWrappedLinesButKeepsHeadingsApart() {
        let wrapped = "Computer Terminal Systems Inc said\nit has completed the sale of 200,000 shares of its common\nstock to Sedio N.V. of Lugano."
        #expect(splitter.split(wrapped) == ["Computer Terminal Systems Inc said it has completed the sale of 200,000 shares of its common stock to Sedio N.V. of Lugano."])
        let heading = "Introduction\nThe quick brown fox jumps over the lazy dog."
        #expect(splitter.split(heading) == ["Introduction", "The quick brown fox jumps over the lazy dog."])
        let list = "Shopping list:\n- eggs\n- flour"
        #expect(splitter.split(list) == ["Shopping list:", "- eggs", "- flour"])
    }

    @Test func paragraphsAndWindowsLineEndings() {
        #expect(splitter.split("First paragraph\r\n\r\nSecond paragraph") == ["First paragraph", "Second paragraph"])
        #expect(splitter.split("One.\r\nTwo.") == ["One.", "Two."])
        #expect(splitter.split("  spaced \t out   words  ") == ["spaced out words"])
    }

    @Test func cutsRunsLongerThanTheLimitAtSpaces() {
        let text = Array(repeating: "word", count: 2000).joined(separator: " ")
        let sentences = splitter.split(text)
        #expect(sentences.count > 1)
        #expect(sentences.allSatisfy { $0.unicodeScalars.count <= splitter.maximumLength })
        #expect(sentences.allSatisfy { !$0.hasPrefix(" ") && !$0.hasSuffix(" ") && $0.split(separator: " ").allSatisfy { $0 == "word" } })
        #expect(sentences.joined(separator: " ") == text)
    }

    @Test(arguments: [
        "", " ", "\n\n\n", "....!!!???", "。。。", "\u{0}\u{1}\u{7F}", "\u{FEFF}\u{200B}", "🙂🙂🙂. 🙂", "a\u{301}\u{301}\u{301}.",
        ". . . A", "\"", "(((", "Mr.", "e.g.", "U.S.", "... ... ...", "\r", "x", "1.2.3.4.5",
    ])
    func acceptsHostileInput(text: String) {
        let sentences = splitter.split(text)
        #expect(sentences.allSatisfy { !$0.isEmpty && $0.unicodeScalars.count <= splitter.maximumLength })
        #expect(sentences.allSatisfy { $0 == $0.trimmingCharacters(in: .whitespaces) })
    }

    @Test func oneHugeWordIsCutIntoPieces() {
        let word = String(repeating: "x", count: 100_000)
        let sentences = splitter.split(word)
        #expect(sentences.count == 100_000 / splitter.maximumLength + (100_000 % splitter.maximumLength == 0 ? 0 : 1))
        #expect(sentences.joined() == word)
    }
}
