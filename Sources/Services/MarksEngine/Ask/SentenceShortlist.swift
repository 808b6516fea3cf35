/// The sentence-scoring step of the offline Ask: splits each retrieved passage into sentences, keeps the few
/// that share most of the question's terms (a cheap lexical pre-filter, in text order) and embeds only those
/// with the question in one batch. Embedding every sentence of 8 passages (~128) dominated Ask's time; the
/// sentences left out still count for the question's names (`AnswerCandidate.otherWords`), so a passage is
/// never dropped because its name sat in a sentence that was not embedded.
public struct SentenceShortlist: Sendable {
    /// Sentences read per passage at most.
    public var sentencesPerPassage = 16
    /// Sentences kept (and embedded) per passage at most.
    public var keptPerPassage: Int

    /// A shortlist keeping `keptPerPassage` sentences of each passage.
    public init(keptPerPassage: Int = 4) {
        self.keptPerPassage = keptPerPassage
    }

    /// One retrieved passage: its text and the words around it (document title, heading).
    public struct Passage: Sendable {
        public var text: String
        public var context: String

        public init(text: String, context: String) {
            self.text = text
            self.context = context
        }
    }

    /// The question's vector (nil without `embed`) and one candidate per passage, in the passages' order.
    /// `embed` gets the question first, then the kept sentences; nil `embed` means words only.
    public func candidates(question: String, passages: [Passage],
                           embed: (([String]) throws -> [[Float]])?) throws -> (questionVector: [Float]?, candidates: [AnswerCandidate]) {
        let terms = QuestionTerms(question).terms
        let splitter = SentenceSplitter()
        var kept: [[String]] = []
        var others: [Set<String>] = []
        for passage in passages {
            let sentences = Array(splitter.split(passage.text).prefix(sentencesPerPassage))
            let context = Set(WordTokenizer.words(passage.context))
            let chosen = Self.shortlist(sentences, terms: terms, context: context, keep: keptPerPassage)
            kept.append(chosen.map { sentences[$0] })
            let chosenSet = Set(chosen)
            var rest = Set<String>()
            for (index, sentence) in sentences.enumerated() where !chosenSet.contains(index) {
                rest.formUnion(WordTokenizer.words(sentence))
            }
            others.append(rest)
        }
        var questionVector: [Float]?
        var vectors: [[[Float]]] = kept.map { _ in [] }
        if let embed, !passages.isEmpty {
            let all = try embed([question] + kept.flatMap { $0 })
            if all.count == 1 + kept.reduce(0, { $0 + $1.count }) {
                questionVector = all.first
                var next = 1
                for (index, group) in kept.enumerated() {
                    vectors[index] = Array(all[next..<(next + group.count)])
                    next += group.count
                }
            }
        }
        let candidates = passages.indices.map { index in
            AnswerCandidate(sentences: kept[index], sentenceVectors: vectors[index], context: passages[index].context,
                            rank: index, otherWords: others[index])
        }
        return (questionVector, candidates)
    }

    /// The indices (ascending) of the `keep` sentences holding most of `terms` (ties: earlier first); sentences
    /// under 3 words are never kept (the answerer skips them).
    static func shortlist(_ sentences: [String], terms: [String], context: Set<String>, keep: Int) -> [Int] {
        let scored = sentences.enumerated().compactMap { index, sentence -> (Int, Double)? in
            let words = Set(WordTokenizer.words(sentence))
            guard words.count >= 3 else { return nil }
            return (index, ExtractiveAnswerer.termCoverage(terms, sentence: words, context: context))
        }
        let best = scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(max(0, keep))
        return best.map(\.0).sorted()
    }
}
