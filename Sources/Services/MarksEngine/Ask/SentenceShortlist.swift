import Foundation

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
    /// Sentences kept (and embedded) over all passages at most: each passage's best one first (in rank order), then
    /// the best of the rest by the share of the question's terms they hold. Embedding the 4 best of each of 8
    /// passages (~32 sentences) was ~90 % of Ask's time (p50 552 ms over a 10k-bookmark library, `marks-bench ask`).
    public var sentenceBudget: Int

    /// Words of a sentence embedded at most (the whole sentence is still scored by its words and quoted): a run-on
    /// sentence, a list or a table row flattened into one costs the model in proportion to its length, and its
    /// start says what it is about.
    public var embeddedWords = 64

    /// A shortlist keeping `keptPerPassage` sentences of each passage, `sentenceBudget` in all.
    public init(keptPerPassage: Int = 4, sentenceBudget: Int = 12) {
        self.keptPerPassage = keptPerPassage
        self.sentenceBudget = sentenceBudget
    }

    /// One retrieved passage: its text and the words around it (document title, heading).
    public struct Passage: Sendable {
        public var text: String
        public var context: String
        /// The passage's cosine to the question, when the search knows it.
        public var relevance: Double?

        public init(text: String, context: String, relevance: Double? = nil) {
            self.text = text
            self.context = context
            self.relevance = relevance
        }
    }

    /// The question's vector (nil without `embed`) and one candidate per passage, in the passages' order.
    /// `embed` gets the question first (unless its vector is given: the search tool's), then the kept sentences;
    /// nil `embed` means words only.
    public func candidates(question: String, passages: [Passage], questionVector given: [Float]? = nil,
                           embed: (([String]) throws -> [[Float]])?) throws -> (questionVector: [Float]?, candidates: [AnswerCandidate]) {
        let terms = QuestionTerms(question).terms
        let splitter = SentenceSplitter()
        var kept: [[String]] = []
        var others: [Set<String>] = []
        let split = passages.map { Array(splitter.split($0.text).prefix(sentencesPerPassage)) }
        let shortlists = passages.indices.map { index in
            Self.scoredShortlist(split[index], terms: terms, context: Set(WordTokenizer.words(passages[index].context)),
                                 keep: keptPerPassage)
        }
        let budgeted = Self.withinBudget(shortlists, budget: embed == nil ? Int.max : sentenceBudget)
        for (index, sentences) in split.enumerated() {
            let chosen = budgeted[index]
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
            let lead = given == nil ? [question] : []
            let all = try embed(lead + kept.flatMap { $0 }.map { Self.leadingWords($0, count: embeddedWords) })
            if all.count == lead.count + kept.reduce(0, { $0 + $1.count }) {
                questionVector = given ?? all.first
                var next = lead.count
                for (index, group) in kept.enumerated() {
                    vectors[index] = Array(all[next..<(next + group.count)])
                    next += group.count
                }
            }
        }
        let candidates = passages.indices.map { index in
            AnswerCandidate(sentences: kept[index], sentenceVectors: vectors[index], context: passages[index].context,
                            rank: index, otherWords: others[index], relevance: passages[index].relevance)
        }
        return (questionVector, candidates)
    }

    /// `sentence` cut after its first `count` words (white space separated), or whole when shorter.
    static func leadingWords(_ sentence: String, count: Int) -> String {
        var words = 0
        var inWord = false
        for index in sentence.indices {
            let isSpace = sentence[index].isWhitespace
            if !isSpace && !inWord {
                words += 1
                if words > count { return String(sentence[..<index]).trimmingCharacters(in: .whitespaces) }
            }
            inWord = !isSpace
        }
        return sentence
    }

    /// The indices (ascending) of the `keep` sentences holding most of `terms` (ties: earlier first); sentences
    /// under 3 words are never kept (the answerer skips them).
    static func shortlist(_ sentences: [String], terms: [String], context: Set<String>, keep: Int) -> [Int] {
        scoredShortlist(sentences, terms: terms, context: context, keep: keep).map(\.index).sorted()
    }

    /// The `keep` sentences holding most of `terms`, best first, with their share of the terms.
    static func scoredShortlist(_ sentences: [String], terms: [String], context: Set<String>, keep: Int) -> [(index: Int, coverage: Double)] {
        let scored = sentences.enumerated().compactMap { index, sentence -> (index: Int, coverage: Double)? in
            let words = Set(WordTokenizer.words(sentence))
            guard words.count >= 3 else { return nil }
            return (index, ExtractiveAnswerer.termCoverage(terms, sentence: words, context: context))
        }
        return Array(scored.sorted { $0.coverage != $1.coverage ? $0.coverage > $1.coverage : $0.index < $1.index }.prefix(max(0, keep)))
    }

    /// Per passage (in rank order), the sentence indices (ascending) kept within `budget`: each passage's best
    /// sentence while the budget lasts, then the best remaining ones by coverage (ties: the better-ranked passage,
    /// then the earlier sentence).
    static func withinBudget(_ shortlists: [[(index: Int, coverage: Double)]], budget: Int) -> [[Int]] {
        var chosen = shortlists.map { _ in [Int]() }
        var left = budget
        var rest: [(passage: Int, index: Int, coverage: Double)] = []
        for (passage, list) in shortlists.enumerated() {
            for (position, entry) in list.enumerated() {
                if position == 0, left > 0 {
                    chosen[passage].append(entry.index)
                    left -= 1
                } else {
                    rest.append((passage, entry.index, entry.coverage))
                }
            }
        }
        rest.sort { ($0.coverage, -$0.passage, -$0.index) > ($1.coverage, -$1.passage, -$1.index) }
        for entry in rest.prefix(max(0, left)) { chosen[entry.passage].append(entry.index) }
        return chosen.map { $0.sorted() }
    }
}
