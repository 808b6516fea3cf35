import MarksCore
import Testing

/// Passages are cut on paragraph and sentence boundaries, within the size bounds, never across a heading or a
/// page, and each one's range points at exactly its text.
@Suite struct PassageSplitterTests {
    /// A paragraph of `count` words, one sentence every `perSentence` words.
    static func paragraph(_ count: Int, word: String = "word", perSentence: Int = 10) -> String {
        (1...count).map { index in
            let text = index % perSentence == 1 ? word.capitalized : word
            return index % perSentence == 0 || index == count ? text + "." : text
        }.joined(separator: " ")
    }

    static func checkRanges(_ passages: [Passage], _ blocks: [PassageBlock]) {
        let flat = Array(PassageSplitter.flatText(blocks).utf16)
        for passage in passages {
            #expect(String(decoding: flat[passage.range], as: UTF16.self) == passage.text)
        }
    }

    @Test func shortParagraphsAreGatheredUpToTheMaximum() {
        let blocks = (0..<10).map { PassageBlock(.paragraph, Self.paragraph(60, word: "alpha\($0)")) }
        let passages = PassageSplitter().split(blocks)
        #expect(passages.map(\.wordCount) == [240, 240, 120])
        #expect(passages.map(\.ordinal) == [0, 1, 2])
        #expect(passages[0].text.contains("\n\n"), "whole paragraphs, joined as in the flat text")
        Self.checkRanges(passages, blocks)
    }

    @Test func aLongParagraphIsCutBetweenSentences() {
        let blocks = [PassageBlock(.paragraph, Self.paragraph(600, perSentence: 15))]
        let passages = PassageSplitter().split(blocks)
        #expect(passages.allSatisfy { $0.wordCount <= 250 })
        #expect(passages.allSatisfy { $0.text.hasSuffix(".") && $0.text.first?.isUppercase == true })
        #expect(passages.reduce(0) { $0 + $1.wordCount } == 600)
        Self.checkRanges(passages, blocks)
    }

    @Test func aSentenceLongerThanTheMaximumIsCutBetweenWords() {
        let blocks = [PassageBlock(.paragraph, Self.paragraph(700, perSentence: 1000))]
        let passages = PassageSplitter().split(blocks)
        #expect(passages.map(\.wordCount) == [250, 250, 200])
        Self.checkRanges(passages, blocks)
    }

    @Test func headingsStartPassagesAndNameThem() {
        let blocks = [
            PassageBlock(.paragraph, Self.paragraph(30, word: "intro")),
            PassageBlock(.heading, "Setting up"),
            PassageBlock(.paragraph, Self.paragraph(120, word: "setup")),
            PassageBlock(.heading, "Running"),
            PassageBlock(.paragraph, Self.paragraph(80, word: "run")),
        ]
        let passages = PassageSplitter().split(blocks)
        #expect(passages.map(\.heading) == [nil, "Setting up", "Running"])
        #expect(passages.map(\.wordCount) == [30, 120, 80])
        Self.checkRanges(passages, blocks)
    }

    @Test func passagesNeverCrossAPageAndSayWhichPage() {
        let blocks = [
            PassageBlock(.paragraph, Self.paragraph(50, word: "one"), page: 1),
            PassageBlock(.paragraph, Self.paragraph(50, word: "two"), page: 2),
            PassageBlock(.paragraph, Self.paragraph(40, word: "more"), page: 2),
        ]
        let passages = PassageSplitter().split(blocks)
        #expect(passages.map(\.page) == [1, 2])
        #expect(passages.map(\.wordCount) == [50, 90])
        Self.checkRanges(passages, blocks)
    }

    @Test func aShortTailJoinsThePassageBefore() {
        let blocks = [PassageBlock(.paragraph, Self.paragraph(200, word: "body")), PassageBlock(.paragraph, Self.paragraph(90, word: "tail"))]
        let passages = PassageSplitter().split(blocks)
        #expect(passages.map(\.wordCount) == [290], "200 + 90 fits within 250 + 50")
        Self.checkRanges(passages, blocks)
    }

    @Test func abbreviationsAndInitialsDoNotEndSentences() {
        let text = "Dr. Smith met J. Doe at 5 p.m. on the pier. They talked, e.g. about boats. Then they left!"
        let scalars = Array(text.unicodeScalars)
        let sentences = PassageSplitter.sentences(scalars).map { String(String.UnicodeScalarView(scalars[$0])) }
        #expect(sentences == ["Dr. Smith met J. Doe at 5 p.m. on the pier.", "They talked, e.g. about boats.", "Then they left!"])
    }

    @Test func rangesCountUTF16SoAccentsAndEmojiStayAligned() {
        let blocks = [PassageBlock(.heading, "Café 🍩"), PassageBlock(.paragraph, "Crème brûlée is 🍮 good. Naïve façade.")]
        let passages = PassageSplitter(minimumWords: 1, maximumWords: 3).split(blocks)
        #expect(passages.count >= 2)
        #expect(passages.allSatisfy { $0.heading == "Café 🍩" })
        Self.checkRanges(passages, blocks)
    }

    @Test func plainTextBecomesParagraphsOnBlankLines() {
        let blocks = PassageBlock.paragraphs(of: "First line\nstill first.\n\n  \nSecond   one.\n", page: 3)
        #expect(blocks == [PassageBlock(.paragraph, "First line still first.", page: 3), PassageBlock(.paragraph, "Second one.", page: 3)])
        #expect(PassageSplitter().split([]).isEmpty)
        #expect(PassageSplitter().split([PassageBlock(.paragraph, "")]).isEmpty)
    }
}
