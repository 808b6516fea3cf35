import MarksPodcasts
import Testing

/// Clause splitting for the neural voice: espeak-ng's IPA output loses punctuation, so Marks puts it back.
@Suite struct PhonemeClausesTests {
    @Test func clausesKeepTheirPunctuationAndSentencesAndParagraphsEnd() {
        let clauses = PhonemeClauses("Hello there, my friend. How are you? Fine; thanks!\n\nA new paragraph without a stop").clauses
        #expect(clauses.map(\.text) == ["Hello there", "my friend", "How are you", "Fine", "thanks", "A new paragraph without a stop"])
        #expect(clauses.map(\.terminator) == [",", ".", "?", ";", "!", "."])
        #expect(clauses.map(\.endsParagraph) == [false, false, false, false, true, true])
        #expect(clauses.map(\.endsSentence) == [false, true, true, false, true, true])
    }

    @Test func abbreviationsInitialsAndDecimalsDoNotEndASentence() {
        let clauses = PhonemeClauses("Dr. Smith met J. R. R. Tolkien, e.g. at 3.5 p.m. in the U.S. office. Then he left.").clauses
        #expect(clauses.map(\.text) == ["Dr. Smith met J. R. R. Tolkien", "e.g. at 3.5 p.m. in the U.S. office", "Then he left"])
    }

    @Test func dashesPauseAndPunctuationOnlyRunsAreDropped() {
        let clauses = PhonemeClauses("It was late — very late. ... !!! — \n\n* * *\n\nEnd.").clauses
        #expect(clauses.map(\.text) == ["It was late", "very late", "End"])
        #expect(clauses.map(\.terminator) == [",", ".", "."])
    }

    @Test func aRunWithoutPunctuationIsCutIntoPiecesAtSpaces() {
        let long = Array(repeating: "word", count: 200).joined(separator: " ")
        let clauses = PhonemeClauses(long).clauses
        #expect(clauses.count == 4)
        #expect(clauses.allSatisfy { $0.text.count <= PhonemeClauses.maximumClauseLength })
        #expect(clauses.map(\.terminator) == [",", ",", ",", "."])
        #expect(clauses.map(\.text).joined(separator: " ") == long)
    }

    @Test func emptyAndBlankTextHasNoClauses() {
        #expect(PhonemeClauses("").clauses.isEmpty)
        #expect(PhonemeClauses(" \n\n \t ").clauses.isEmpty)
    }
}
