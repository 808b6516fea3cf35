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
        #expect(ExtractiveAnswerer.isCodeOrLabel("Source code: Lib/turtle.py"), "a label, not a sentence")
        #expect(!ExtractiveAnswerer.isCodeOrLabel("It draws pictures."))
        #expect(!ExtractiveAnswerer.isCodeOrLabel("Call basicConfig() once, before the first message is logged."))
        #expect(ExtractiveAnswerer.isCodeOrLabel("Here is the logging.conf file:"), "a lead-in to what it introduces")
        #expect(!ExtractiveAnswerer.isCodeOrLabel("These are debug(), info(), warning(), error() and critical()."),
                "prose that names functions")
        #expect(ExtractiveAnswerer.isCodeOrLabel("logger.setLevel(logging.DEBUG); handler.setFormatter(fmt)"))
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

    /// Found asking about a sourdough page: "what is the grey liquid on my starter" was answered with all four sentences
    /// of the one passage (its rank and relevance, shared by every sentence, lifted each over the threshold), the
    /// answering one last. A sentence of the same passage joins only when it answers nearly as well by itself.
    @Test func aQuestionAboutOneDetailGetsThatSentenceNotTheWholePassage() {
        let page = AnswerCandidate(sentences: [
            "A sourdough starter is a living culture of wild yeast and bacteria that leavens bread.",
            "Feed the starter once a day when it lives on the counter.",
            "Keep the starter in the refrigerator when you bake once a week.",
            "A layer of grey liquid on top, called hooch, means the starter is hungry.",
        ], sentenceVectors: [[0.7, 0.714, 0], [0.7, 0, 0.714], [0.7, 0.5, 0.51], [0.8, 0.6, 0]], context: "Sourdough starter care", rank: 0,
           relevance: 0.9)
        let question = "what is the grey liquid on my starter"
        let vector: [Float] = [1, 0, 0]
        let answer = ExtractiveAnswerer().answer(question, questionVector: vector, candidates: [page])
        #expect(answer.sentences.map(\.position) == [3])
        var loose = ExtractiveAnswerer()
        loose.ownShare = 0
        #expect(loose.answer(question, questionVector: vector, candidates: [page]).sentences.count > 1, "the rule is what leaves them out")
    }

    /// A person's question gives amounts and examples its answer need not repeat: on the finding evaluation "how many
    /// kilometres is 26 miles" and "named choices like RED, GREEN and BLUE" were refused for lacking "26" and "RED".
    @Test func amountsAndExamplesAreNotNamesButYearsAre() {
        #expect(QuestionTerms("how many kilometres is 26 miles, typed at a shell prompt").names.isEmpty)
        #expect(QuestionTerms("define a fixed set of named choices like RED, GREEN and BLUE").names.isEmpty)
        #expect(QuestionTerms("formats such as PNG or TIFF for the Gimp").names.isEmpty, "an example list runs to the end of its clause")
        #expect(QuestionTerms("a tool like Photoshop. Does Krita do it?").names == ["krita"], "a full stop ends it")
        #expect(QuestionTerms("who won the football world cup in 2018").names == ["2018"])
        #expect(QuestionTerms("rates for 12 months at Lloyds").names == ["lloyds"])
    }

    @Test func namesAreCapitalisedWordsAfterTheFirstNumbersAndQuotedWords() {
        let terms = QuestionTerms("What did OPEC agree in December 1986 about \"fixed prices\"? And I?")
        // "December" is a date word (a stop word): a passage need not repeat it; "And" and "I" are no names.
        #expect(terms.names == ["opec", "1986", "fixed", "prices"], "\(terms.names)")
        #expect(terms.terms.contains("agree") && !terms.terms.contains("what"))
    }
    @Test func withTheModelAPassageLackingAnExampleNameIsStillQuotedButOneHoldingItComesFirst() {
        // "New York" and "Tokyo" are examples: the page on time zones need not name them (issue 36, articles-006).
        let zones = AnswerCandidate(sentences: ["Convert an aware datetime to another time zone with astimezone."],
                                    sentenceVectors: [[1, 0, 0]], context: "zoneinfo", rank: 0, relevance: 0.6)
        var answerer = ExtractiveAnswerer()
        answerer.missingNamePenalty = 0.1
        let answer = answerer.answer("convert a time from New York hours to Tokyo hours", questionVector: [1, 0, 0], candidates: [zones])
        #expect(answer.citedCandidates == [0])
        let named = AnswerCandidate(sentences: ["Tokyo is nine hours ahead of UTC, New York five behind."],
                                    sentenceVectors: [[1, 0, 0]], context: "", rank: 1, relevance: 0.6)
        let both = answerer.answer("convert a time from New York hours to Tokyo hours", questionVector: [1, 0, 0],
                                               candidates: [zones, named])
        #expect(both.sentences.max { $0.score < $1.score }?.candidate == 1, "the passage holding the names scores higher")
        #expect(ExtractiveAnswerer.missingShare(["new", "york", "tokyo"], in: ["tokyo"]) == 2.0 / 3)
    }

    @Test func aRunOnListIsNotQuotedAndASentenceIsNotQuotedTwice() {
        let list = Array(repeating: "copies files disks nightly tapes", count: 14).joined(separator: " ")
        let first = AnswerCandidate(sentences: [list, "It copies your files to another disk every night."],
                                    sentenceVectors: [[1, 0, 0], [0.9, 0.43589, 0]], context: "", rank: 0, relevance: 0.6)
        // The same sentence in another bookmark, its vector different enough not to count as a near duplicate.
        let copy = AnswerCandidate(sentences: ["It copies your files to another disk every night."],
                                   sentenceVectors: [[0.9, -0.43589, 0]], context: "", rank: 1, relevance: 0.6)
        let answer = ExtractiveAnswerer().answer("back up my files each night", questionVector: [1, 0, 0], candidates: [first, copy])
        #expect(answer.sentences.map(\.text) == ["It copies your files to another disk every night."])
        #expect(ExtractiveAnswerer.isRunTogether("97 pounds on Mercury or Mars 255 pounds on Earth 232 pounds on Venus or Uranus 43 pounds on the Moon 648 pounds"))
        #expect(!ExtractiveAnswerer.isRunTogether("Argentine crude oil production was down 10.8 pct in January 1987 to 12.32 mln barrels, from 13.81 mln barrels"))
    }

    @Test func theBookmarkSearchAgreeingLiftsAnAnswerOverTheFloor() {
        var answerer = ExtractiveAnswerer(floor: 0.9)
        answerer.coverageWeight = 0
        answerer.leadWeight = 0
        answerer.agreementWeight = 0.5
        func candidate(documentRank: Int) -> AnswerCandidate {
            AnswerCandidate(sentences: ["It draws a map of the disk by folder size."], sentenceVectors: [[1, 0, 0]], context: "", rank: 0,
                            relevance: 0.3, documentRank: documentRank)
        }
        let agreed = answerer.answer("which folders fill my disk", questionVector: [1, 0, 0], candidates: [candidate(documentRank: 0)])
        #expect(agreed.isFound && agreed.signals.agrees)
        let disagreed = answerer.answer("which folders fill my disk", questionVector: [1, 0, 0], candidates: [candidate(documentRank: 3)])
        #expect(!disagreed.isFound && !disagreed.signals.agrees)
        #expect(disagreed.reason?.contains("not close enough") == true)
        let signals = ExtractiveAnswer.Signals(bestScore: 0.4, coverage: 0.5, lead: 0.1, agrees: true)
        #expect(abs(ExtractiveAnswerer.confidence(signals, coverageWeight: 0.2, leadWeight: 1, agreementWeight: 0.05) - 0.65) < 1e-9)
    }
}
