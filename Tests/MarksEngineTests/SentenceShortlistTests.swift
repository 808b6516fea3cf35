@testable import MarksEngine
import Testing

/// Ask's sentence-scoring step: only the sentences sharing most of the question's terms are embedded, and the
/// ones left out still count for the question's names.
@Suite struct SentenceShortlistTests {
    static let filler = (1...10).map { "Unrelated filler sentence number \($0) talks about the weather and gardens." }
    static let passage = SentenceShortlist.Passage(
        text: (["Texaco Inc said on Monday that its board met in Houston."] + filler
               + ["The company cut its crude oil contract prices by one dollar a barrel."]).joined(separator: " "),
        context: "oil news")

    @Test func onlyTheBestFewSentencesAreEmbeddedInTextOrder() throws {
        var embedded: [String] = []
        let result = try SentenceShortlist(keptPerPassage: 2).candidates(
            question: "How much did Texaco cut its crude oil prices?", passages: [Self.passage],
            embed: { texts in
                embedded = texts
                return texts.map { _ in [1, 0] }
            })
        #expect(embedded.count == 3, "the question and 2 of the passage's 12 sentences")
        #expect(embedded.first == "How much did Texaco cut its crude oil prices?")
        let sentences = try #require(result.candidates.first).sentences
        #expect(sentences.count == 2)
        #expect(sentences.last?.hasPrefix("The company cut its crude oil") == true)
        #expect(result.candidates.first?.sentenceVectors.count == 2)
        #expect(result.questionVector == [1, 0])
    }

    @Test func aNameInASentenceLeftOutStillCounts() throws {
        // "Houston" is only in a sentence that shares fewer of the question's terms than the answer.
        let result = try SentenceShortlist(keptPerPassage: 1).candidates(
            question: "How much did the company in Houston cut its crude oil contract prices?", passages: [Self.passage], embed: nil)
        let candidate = try #require(result.candidates.first)
        #expect(candidate.sentences == ["The company cut its crude oil contract prices by one dollar a barrel."])
        #expect(candidate.otherWords.contains("houston"))
        let answer = ExtractiveAnswerer().answer("How much did the company in Houston cut its crude oil contract prices?",
                                                 questionVector: nil, candidates: result.candidates)
        #expect(answer.isFound, "the passage names Houston, in a sentence that was not shortlisted")
    }

    @Test func withoutAnEmbedderItIsWordsOnly() throws {
        let result = try SentenceShortlist().candidates(question: "crude prices", passages: [Self.passage], embed: nil)
        #expect(result.questionVector == nil)
        #expect(result.candidates.first?.sentenceVectors.isEmpty == true)
        #expect(result.candidates.first?.sentences.count == 4)
    }

    @Test func aBudgetKeepsEachPassagesBestThenTheBestOfTheRestAndTheGivenQuestionVectorIsReused() throws {
        let passages = (0..<8).map { number in
            SentenceShortlist.Passage(text: (Self.filler.prefix(3) + ["Texaco cut crude oil prices in field \(number) today.",
                                                                      "Crude prices fell in field \(number) as well."]).joined(separator: " "),
                                      context: "oil news")
        }
        var embedded: [String] = []
        let result = try SentenceShortlist(keptPerPassage: 4, sentenceBudget: 12).candidates(
            question: "How much did Texaco cut crude oil prices?", passages: passages, questionVector: [0, 1],
            embed: { texts in
                embedded = texts
                return texts.map { _ in [1, 0] }
            })
        #expect(embedded.count == 12, "the budget, and not the question: its vector was given")
        #expect(!embedded.contains("How much did Texaco cut crude oil prices?"))
        #expect(result.questionVector == [0, 1])
        #expect(result.candidates.allSatisfy { $0.sentences.first?.hasPrefix("Texaco cut crude oil prices") == true })
        // The four left after each passage's best go to the best-ranked passages' next best.
        #expect(result.candidates.map(\.sentences.count) == [2, 2, 2, 2, 1, 1, 1, 1])
        #expect(result.candidates.allSatisfy { $0.sentenceVectors.count == $0.sentences.count })
    }

    @Test func onlyASentencesFirstWordsAreEmbeddedAndTheWholeOneIsKept() throws {
        let long = "Texaco cut crude oil prices " + (1...60).map { "word\($0)" }.joined(separator: " ") + "."
        var embedded: [String] = []
        var shortlist = SentenceShortlist()
        shortlist.embeddedWords = 10
        let result = try shortlist.candidates(question: "Did Texaco cut crude oil prices?",
                                              passages: [.init(text: long, context: "")], embed: { texts in
            embedded = texts
            return texts.map { _ in [1, 0] }
        })
        #expect(embedded.last == "Texaco cut crude oil prices word1 word2 word3 word4 word5")
        #expect(result.candidates.first?.sentences == [long])
        #expect(SentenceShortlist.leadingWords("  a b  c ", count: 2) == "a b")
        #expect(SentenceShortlist.leadingWords("a b", count: 5) == "a b")
    }
}
