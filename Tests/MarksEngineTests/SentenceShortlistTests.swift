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
}
