import HTMLExtraction
import MarksCore
import MarksTestSupport
import Testing
@testable import MarksEngine

@Suite struct ExtractiveSummarizerTests {
    let embedder = TestEmbedder()
    let summarizer = ExtractiveSummarizer()

    private func summarize(_ sentences: [String], title: String? = nil) -> String {
        summarizer.summarize(sentences: sentences, embeddings: sentences.map(embedder.vector), titleEmbedding: title.map(embedder.vector))
    }

    @Test func keepsTheLeadAndDocumentOrderWithinTheLimits() {
        let sentences = [
            "Oil prices fell sharply on Monday as OPEC members failed to agree on production cuts.",
            "The cartel's ministers met in Vienna for two days of talks.",
            "Analysts said oil prices could fall further if OPEC does not cut production soon.",
            "Saudi Arabia wants deeper production cuts, while Iraq wants a larger quota.",
            "The weather in Vienna was cold and wet throughout the meeting.",
            "Brent crude oil prices ended the day at their lowest level in three months.",
        ]
        let summary = summarize(sentences, title: "Oil prices fall as OPEC talks fail")
        #expect(summary.count <= 300)
        #expect(summary.hasPrefix(sentences[0]))
        let used = sentences.filter(summary.contains)
        #expect((1...3).contains(used.count))
        let positions = used.compactMap { summary.range(of: $0)?.lowerBound }
        #expect(positions == positions.sorted())
        #expect(used.joined(separator: " ") == summary)
    }

    @Test func neverPicksFurnitureEvenWhenItComesFirst() {
        let sentences = [
            "We use cookies to personalise content and ads and to analyse our traffic.",
            "Subscribe to our newsletter for the latest news.",
            "Share on Facebook Share on Twitter Email",
            "The city council approved the new tram line after a two-year debate about its cost.",
            "Construction of the tram line starts next spring and should take three years.",
            "© 2024 Example News. All rights reserved.",
        ]
        let summary = summarize(sentences)
        #expect(summary.hasPrefix("The city council approved the new tram line"))
        #expect(!summary.contains("cookies") && !summary.contains("Subscribe") && !summary.contains("©") && !summary.contains("Share"))
        #expect(summarize(["Accept all", "Sign up for free", "Privacy Policy | Terms of Use | Contact Us"]) == "")
    }

    @Test func prefersWholeSentencesThatFit() {
        let long = String(repeating: "This opening sentence goes on and on about many things at once ", count: 6) + "until it ends."
        let sentences = [long, "The second sentence is short and to the point about the main topic.", "A third one adds more on the main topic."]
        let summary = summarize(sentences)
        #expect(!summary.hasSuffix("…"))
        #expect(summary.count <= 300)
        #expect(!summary.contains(long))
    }

    @Test func cutsCleanlyWhenNothingFits() {
        let long = String(repeating: "Alpha beta gamma delta epsilon zeta eta theta iota kappa. ", count: 1).dropLast(2)
            + String(repeating: " lambda mu nu xi omicron", count: 20) + "."
        let summary = summarize([String(long)])
        #expect(summary.count <= 300)
        #expect(summary.hasSuffix("…"))
        let kept = summary.dropLast()
        #expect(long.hasPrefix(kept))
        let next = long[long.index(long.startIndex, offsetBy: kept.count)]
        #expect(next == " ")
    }

    @Test func cleanCutOfOneHugeWordKeepsWholeCharacters() {
        let word = String(repeating: "é", count: 1000)
        let cut = ExtractiveSummarizer.cleanCut(word, maximumLength: 300)
        #expect(cut.count == 300)
        #expect(cut.hasSuffix("…"))
        #expect(ExtractiveSummarizer.cleanCut("short", maximumLength: 300) == "short")
    }

    @Test func emptyInputGivesEmptySummary() {
        #expect(summarize([]) == "")
        #expect(summarizer.summarize(sentences: ["a"], embeddings: [], titleEmbedding: nil) == "")
    }

    @Test func directedCentralityFavoursSentencesThatIntroduceLaterOnes() {
        // Sentence 0 is echoed by the later ones; sentence 3 only echoes earlier ones.
        let vectors: [[Float]] = [[1, 0, 0], [0.9, 0.43, 0], [0.88, 0, 0.47], [0.95, 0.2, 0.24], [0, 1, 0]].map(Vectors.normalized)
        let centrality = summarizer.directedCentrality(vectors)
        #expect(centrality[0] > centrality[3])
        #expect(centrality[0] == centrality.max())
    }

    @Test func neverExceedsTheLimitsOnManyShapes() {
        for count in [1, 2, 3, 5, 20, 60] {
            for length in [5, 40, 120, 400] {
                let sentences = (0..<count).map { index in
                    "Sentence \(index) " + String(repeating: "topic\(index % 3) word ", count: max(1, length / 12))
                }
                let summary = summarize(sentences)
                #expect(summary.count <= 300)
                #expect(!summary.isEmpty)
            }
        }
    }

    /// An article of three topics, a heading and a code line among its sentences.
    static let threeTopics = [
        "Sourdough bread rises with a starter of wild yeast instead of baker's yeast from a packet.",
        "Getting started",
        "The starter is flour and water that you feed every day until it bubbles and smells sour.",
        "A lively starter doubles in size within a few hours of its feeding.",
        "Feed the starter with rye flour and water at room temperature every morning.",
        "starter = mix(flour: 50, water: 50); feed(starter, every: .day);",
        "Shaping the loaf takes practice because the dough is wet and sticky.",
        "Fold the dough over itself to build tension before it proofs in a basket.",
        "Shape the loaf gently so the gas bubbles in the dough are not lost.",
        "Baking happens in a very hot oven, ideally inside a covered cast iron pot.",
        "The lid of the pot traps steam so the crust stays soft while the loaf expands.",
        "Remove the lid for the last twenty minutes so the crust browns and crackles.",
    ]

    @Test func anArticleIsSummarisedForCoverageWithoutHeadingsOrCode() {
        let summary = summarize(Self.threeTopics, title: "Sourdough bread at home")
        let used = Self.threeTopics.filter(summary.contains)
        #expect(used.count == 3, "several sentences: \(summary)")
        #expect(summary.count <= 480)
        #expect(used.joined(separator: " ") == summary, "whole sentences in document order")
        #expect(!summary.contains("Getting started") && !summary.contains("feed(starter"))
        let topics = [Self.threeTopics[0...5], Self.threeTopics[6...8], Self.threeTopics[9...11]]
        let covered = topics.filter { topic in topic.contains(where: summary.contains) }.count
        #expect(covered >= 2, "the sentences cover more than one part of the article: \(summary)")
        #expect(summary.hasPrefix(Self.threeTopics[0]), "the lead stays")
    }

    @Test(arguments: [
        ("Calling it a second time does nothing at all unless you pass force.", true),
        ("Configuring the root logger", false),
        (">>> logging.basicConfig(level=logging.INFO)", false),
        ("handler = logging.handlers.RotatingFileHandler(\"app.log\", maxBytes=1_000_000, backupCount=3)", false),
        ("$ pip install --upgrade requests==2.31.0 certifi", false),
        ("result = session.get(url, timeout=5).json().", false),
        ("$ pip install the requests package from the index.", false),
        ("Use warning for something unexpected (see “Levels”).", true),
        ("A library should create its logger with the module name.", true),
    ])
    func prose(sentence: String, isProse: Bool) {
        #expect(ExtractiveSummarizer.isProse(sentence) == isProse)
    }

    /// A sentence that leans on the one before it ("That means …") is quoted only right after that one: alone in a
    /// summary it answers nothing. Here the sentence it follows repeats the lead (so it is left out) and the leaning one
    /// is the title's: without the rule the summary would be the lead and "That means …".
    @Test func aSentenceThatLeansOnThePreviousOneComesOnlyAfterIt() {
        let sentences = [
            "The sort method orders a list in place and returns nothing at all.",
            "Tuples compare element by element from the first to the last one.",
            "That means sorting by one key and then by another gives a sort by both keys.",
            "The sorted function builds a new list and leaves the original one alone.",
        ]
        func unit(_ values: [Float]) -> [Float] {
            let length = values.reduce(0) { $0 + $1 * $1 }.squareRoot()
            return values.map { $0 / length }
        }
        // The second sentence says what the first does (so it is left out as a repeat); the third is the title's.
        let embeddings = [unit([1, 0, 0.3, 0]), unit([1, 0, 0.3, 0]), unit([0.3, 0, 1, 0]), unit([0.25, 0, 1, 0.3])]
        let summary = summarizer.summarize(sentences: sentences, embeddings: embeddings, titleEmbedding: unit([0, 0, 1, 0]))
        #expect(summary.hasPrefix(sentences[0]), "\(summary)")
        #expect(!summary.contains(sentences[2]) || summary.contains(sentences[1]), "the leaning sentence without the one it follows: \(summary)")

        #expect(ExtractiveSummarizer.leansOnThePrevious("That means the order is kept."))
        #expect(ExtractiveSummarizer.leansOnThePrevious("However, it is slow."))
        #expect(ExtractiveSummarizer.leansOnThePrevious("so it goes."))
        #expect(!ExtractiveSummarizer.leansOnThePrevious("Butter melts at body temperature."))
        #expect(!ExtractiveSummarizer.leansOnThePrevious("Thesaurus entries list synonyms."))
        #expect(!ExtractiveSummarizer.leansOnThePrevious("This module offers classes representing paths."))
        // Alone, a leaning sentence is still better than nothing.
        #expect(summarize(["That means the order of equal keys is kept by every sort in this module."]).hasPrefix("That means"))
    }

    @Test func aDocumentationPageIsSummarisedFromItsText() async throws {
        let document = try HTMLDocument(html: SphinxArticle.html)
        let engine = OfflineEngine(embedder: embedder)
        let readable = document.readableText()
        let result = try await engine.enrich(EnrichRequest(url: "https://docs.example/logging.html", readable: readable,
                                                           description: "Notes on logging. Read later."))
        let sentences = SentenceSplitter().split(readable.text)
        let used = sentences.filter(result.summary.contains)
        #expect(used.count >= 2, "several sentences of the text: \(result.summary)")
        #expect(used.joined(separator: " ") == result.summary)
        #expect(!result.summary.contains("¶") && !result.summary.contains("import logging") && !result.summary.contains("Notes on logging"))
        #expect(result.summary.count <= 480)
    }
}
