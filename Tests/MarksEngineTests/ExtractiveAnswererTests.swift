@testable import MarksEngine
import Testing

/// The offline Ask answerer on hand-made passages: words alone (no vectors) unless a test gives vectors.
@Suite struct ExtractiveAnswererTests {
    static let shamrock = AnswerCandidate(sentences: [
        "Diamond Shamrock Corp said that effective today it had cut its contract prices for crude oil by 1.50 dlrs a barrel.",
        "The reduction brings its posted price for West Texas Intermediate to 16.00 dlrs a barrel, the company said.",
        "Diamond is the latest in a line of U.S. oil companies that have cut its contract prices.",
    ], context: "diamond shamrock cuts crude prices", rank: 0)
    static let marathon = AnswerCandidate(sentences: [
        "Marathon Petroleum Co said it reduced the contract price it will pay for all grades of crude oil one dlr a barrel.",
        "The decrease brings Marathon's posted price for West Texas Sour to 16.50 dlrs a bbl.",
    ], context: "marathon petroleum reduces crude postings", rank: 1)

    @Test func theSentenceThatAnswersIsChosenAndCitesItsPassage() {
        let answer = ExtractiveAnswerer().answer("How much did Diamond Shamrock cut its crude contract prices?", questionVector: nil,
                                                 candidates: [Self.shamrock, Self.marathon])
        #expect(answer.isFound)
        #expect(answer.sentences.first?.text.contains("1.50 dlrs a barrel") == true)
        #expect(answer.citedCandidates == [0], "the Marathon passage does not name Diamond Shamrock")
        #expect(answer.sentences.count <= 4)
    }

    @Test func aPassageWithoutTheQuestionsNamesIsNeverQuoted() {
        let answer = ExtractiveAnswerer().answer("How much did Exxon cut its crude contract prices?", questionVector: nil,
                                                 candidates: [Self.shamrock, Self.marathon])
        #expect(!answer.isFound)
        #expect(answer.reason?.contains("exxon") == true)
    }

    @Test func belowTheFloorNothingIsAnswered() {
        let answer = ExtractiveAnswerer().answer("What is the boiling point of mercury?", questionVector: nil,
                                                 candidates: [Self.shamrock, Self.marathon])
        #expect(!answer.isFound)
        #expect(answer.bestScore < ExtractiveAnswerer().wordsOnlyFloor)
    }

    @Test func noCandidatesMeansNotFound() {
        let answer = ExtractiveAnswerer().answer("Who bought Wrather?", questionVector: nil, candidates: [])
        #expect(!answer.isFound && answer.sentences.isEmpty)
    }

    @Test func vectorsRankSentencesAndDuplicatesAreLeftOut() {
        // Two passages saying the same thing: the answer quotes one of them, not both.
        let first = AnswerCandidate(sentences: ["Kuwait said its quota is 948,000 barrels a day.", "Traders doubt it."],
                                    sentenceVectors: [[1, 0, 0], [0, 0, 1]], context: "kuwait quota", rank: 0)
        let copy = AnswerCandidate(sentences: ["Kuwait said its quota is 948,000 barrels a day."], sentenceVectors: [[1, 0, 0]],
                                   context: "kuwait quota", rank: 1)
        let answer = ExtractiveAnswerer().answer("What is Kuwait's quota?", questionVector: [1, 0, 0], candidates: [first, copy])
        #expect(answer.sentences.map(\.text) == ["Kuwait said its quota is 948,000 barrels a day."])
        #expect(answer.citedCandidates == [0])
    }

    @Test func codeAndPermalinkLabelsAreNeverQuoted() {
        let page = AnswerCandidate(sentences: [
            "logging.basicConfig(filename='example.log', encoding='utf-8', level=logging.DEBUG)",
            "Logging levels \u{00B6}",
            "The level you set on the root logger decides which messages are written to the log.",
        ], sentenceVectors: [[1, 0, 0], [1, 0, 0], [0.8, 0.6, 0]], context: "logging howto", rank: 0, relevance: 0.6)
        let answer = ExtractiveAnswerer().answer("which messages does the logger write", questionVector: [1, 0, 0], candidates: [page])
        #expect(answer.sentences.map(\.text) == ["The level you set on the root logger decides which messages are written to the log."])
        #expect(ExtractiveAnswerer.isCodeOrLabel(">>> import logging"))
        #expect(!ExtractiveAnswerer.isCodeOrLabel("Call basicConfig() once, before the first message is logged."))
    }

    @Test func theClosestPassageIsCitedFirstAndAFarOneNotBesideIt() {
        // Same sentences, same words: the passage the search found closer to the question answers, and one well below
        // it is not quoted beside it.
        let near = AnswerCandidate(sentences: ["Track how long each task took and bill the client."], sentenceVectors: [[0.6, 0.8, 0]],
                                   context: "", rank: 1, relevance: 0.62)
        let far = AnswerCandidate(sentences: ["Keep a list of tasks and tick them off when done."], sentenceVectors: [[0.6, 0, 0.8]],
                                  context: "", rank: 0, relevance: 0.35)
        let answer = ExtractiveAnswerer().answer("record hours worked for invoices", questionVector: [0.6, 0.4, 0.4], candidates: [far, near])
        #expect(answer.citedCandidates == [1])
    }

    @Test func namesAreCapitalisedWordsAfterTheFirstNumbersAndQuotedWords() {
        let terms = QuestionTerms("What did OPEC agree in December 1986 about \"fixed prices\"? And I?")
        // "December" is a date word (a stop word): a passage need not repeat it; "And" and "I" are no names.
        #expect(terms.names == ["opec", "1986", "fixed", "prices"], "\(terms.names)")
        #expect(terms.terms.contains("agree") && !terms.terms.contains("what"))
    }
}
