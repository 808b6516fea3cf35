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
}
