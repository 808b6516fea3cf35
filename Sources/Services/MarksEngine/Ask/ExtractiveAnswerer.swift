import Foundation

/// The offline Ask engine's answer: the sentences of the retrieved passages that answer a question, chosen by
/// how close each is to the question (its vector's cosine, when the model is there) and how many of the
/// question's terms it holds, spread across passages by maximal marginal relevance, 1–4 sentences that the
/// caller cites one by one, passages in the candidates' order (the bookmark-level ranking's), each passage's sentences
/// in text order. A passage lacking the question's names loses score (by words alone it is never quoted), and below
/// `floor` nothing is quoted: the caller answers "not found" instead of guessing. Pure: the same input, the same answer.
public struct ExtractiveAnswerer: Sendable {
    /// Sentences in an answer at most.
    public var maximumSentences = 4
    /// A sentence joins the best one only with at least this share of its score.
    public var relativeThreshold = 0.85
    /// A sentence of the best one's passage joins it only with at least this share of what the best one scores by
    /// itself (its cosine to the question and the question's terms it holds, without the passage's rank and
    /// relevance, which every sentence of a passage shares): otherwise the passage's every sentence passes the
    /// threshold and a question about one detail gets the whole passage. At 0.75, on the finding evaluation (issue 36),
    /// sentences per answer went from 2.74 to 2.59 (Debian) and 2.84 to 2.53 (articles); citations right from 0.642 to
    /// 0.635 (Debian; the articles' 0.672 did not move); cites a right item and first citation right did not move.
    public var ownShare = 0.75
    /// Trade-off between relevance and novelty (1: relevance only).
    public var lambda = 0.7
    /// Two sentences this similar say the same thing: the second is left out.
    public var duplicateSimilarity = 0.85
    /// The lowest best score that still answers, with the model (calibrated on the Ask question set, see
    /// `AskQuality`) and with words alone.
    public var floor: Double
    public var wordsOnlyFloor: Double
    /// With the model, a sentence's score: these weights of its cosine to the question, the share of the question's
    /// terms it holds, its passage's rank (its bookmark's in the bookmark-level search) and its passage's cosine to the
    /// question (the sentence's own when no passage's is known). The passage's cosine counts most: a question in other words than the text's shares few
    /// terms with it, and a short sentence's cosine is noisy. Tuned on the odd lines of `Evaluation/finding` (issue 36).
    public var sentenceWeight = 0.30
    public var termWeight = 0.20
    public var rankWeight = 0.20
    public var relevanceWeight = 0.45
    /// A passage whose cosine to the question is this far below the best passage's is not quoted beside it.
    public var relevanceMargin = 0.08
    /// With the model, a passage lacking some of the question's names is still read (a question in a person's words
    /// names examples — "New York", "RED" — its answer need not repeat), its sentences losing this much times the
    /// share of the names it lacks. By words alone a passage must hold every name.
    public var missingNamePenalty = 0.50
    /// A "sentence" longer than this many words is a list, a table or a section run together, not a sentence to quote.
    public var maximumWords = 60
    /// Answerability (with the model): the best score plus these weights of the answer's coverage of the question's
    /// terms, the quoted passage's lead over the other bookmarks' passages, and 1 when the bookmark-level search ranks
    /// the quoted bookmark first, must reach `floor`. All 0: on the finding evaluation's dev half (issue 36) no weight
    /// of theirs separated answerable questions from near misses better than the best score alone.
    public var coverageWeight = 0.0
    public var leadWeight = 0.0
    public var agreementWeight = 0.0
    /// Whether the answer's passages are cited in the candidates' order (the bookmark-level ranking's) rather than in
    /// the order their sentences were chosen.
    public var citesInRankOrder = true

    /// The default floors are the calibrated ones (with the model: on the finding evaluation's odd lines, see
    /// `marks-bench finding`, and the Reuters set of `AskQuality`).
    public init(floor: Double = 0.44, wordsOnlyFloor: Double = 0.5) {
        self.floor = floor
        self.wordsOnlyFloor = wordsOnlyFloor
    }

    /// Answers `question` from `candidates` (in the search's order), with the question's vector when the
    /// candidates have sentence vectors.
    public func answer(_ question: String, questionVector: [Float]?, candidates: [AnswerCandidate]) -> ExtractiveAnswer {
        let terms = QuestionTerms(question)
        let usesVectors = questionVector != nil && candidates.contains { !$0.sentenceVectors.isEmpty }
        let query = questionVector.map(Vectors.normalized)
        let wantsNumber = Self.asksForAmount(question)

        struct Scored {
            var candidate: Int
            var position: Int
            var text: String
            var words: Set<String>
            var vector: [Float]?
            var score: Double
            /// What the sentence scores by itself (`ownShare`).
            var own: Double
            /// The share of the question's names its passage lacks.
            var missing: Double
        }
        var scored: [Scored] = []
        var missingNames = false
        let known = candidates.compactMap(\.relevance)
        let lowestRelevance = known.min() ?? 0
        let bestRelevance = known.max() ?? 0
        for (index, candidate) in candidates.enumerated() {
            let contextWords = Set(WordTokenizer.words(candidate.context))
            let sentenceWords = candidate.sentences.map { Set(WordTokenizer.words($0)) }
            let passageWords = sentenceWords.reduce(contextWords.union(candidate.otherWords)) { $0.union($1) }
            let missing = Self.missingShare(terms.names, in: passageWords)
            if missing > 0 { missingNames = true }
            guard missing == 0 || usesVectors && !candidate.sentenceVectors.isEmpty else { continue }
            let rankBoost = 1 - Double(min(candidate.rank, candidates.count)) / Double(max(1, candidates.count))
            let relevance = candidate.relevance ?? (known.isEmpty ? nil : lowestRelevance)
            for (position, sentence) in candidate.sentences.enumerated() {
                let words = sentenceWords[position]
                guard words.count >= 3, Self.wordCount(sentence) <= maximumWords, !Self.isRunTogether(sentence),
                      !Self.isCodeOrLabel(sentence) else { continue }
                let lexical = Self.termCoverage(terms.terms, sentence: words, context: contextWords)
                var score: Double
                let own: Double
                let vector = usesVectors && !candidate.sentenceVectors.isEmpty ? Vectors.normalized(candidate.sentenceVectors[position]) : nil
                if let query, let vector {
                    let cosine = Double(Vectors.dot(query, vector))
                    own = sentenceWeight * cosine + termWeight * lexical
                    score = own + rankWeight * rankBoost + relevanceWeight * (relevance ?? cosine) - missingNamePenalty * missing
                } else {
                    own = lexical
                    score = 0.9 * lexical + 0.1 * rankBoost
                }
                if wantsNumber && words.contains(where: { WordTokenizer.isNumeric($0) }) { score += 0.03 }
                scored.append(Scored(candidate: index, position: position, text: sentence, words: words, vector: vector, score: min(1, score),
                                     own: own, missing: missing))
            }
        }
        guard let best = scored.max(by: { $0.score < $1.score }) else {
            let reason = missingNames ? "no passage names \(terms.names.joined(separator: ", "))" : "no passage speaks to the question"
            return ExtractiveAnswer(sentences: [], bestScore: 0, reason: reason)
        }
        func similarity(_ a: Scored, _ b: Scored) -> Double {
            if let x = a.vector, let y = b.vector { return Double(Vectors.dot(x, y)) }
            let union = a.words.union(b.words).count
            return union == 0 ? 0 : Double(a.words.intersection(b.words).count) / Double(union)
        }
        var chosen = [best]
        var pool = scored.filter { entry in
            entry.score >= best.score * relativeThreshold && (entry.candidate != best.candidate || entry.own >= best.own * ownShare)
                && !(entry.candidate == best.candidate && entry.position == best.position)
                && (candidates[entry.candidate].relevance ?? lowestRelevance) >= bestRelevance - relevanceMargin
        }
        while chosen.count < maximumSentences, !pool.isEmpty {
            var pick = 0
            var pickValue = -Double.infinity
            for (offset, entry) in pool.enumerated() {
                let redundancy = chosen.map { similarity($0, entry) }.max() ?? 0
                let value = lambda * entry.score - (1 - lambda) * redundancy
                if value > pickValue {
                    pickValue = value
                    pick = offset
                }
            }
            let entry = pool.remove(at: pick)
            if chosen.contains(where: { similarity($0, entry) >= duplicateSimilarity || $0.words == entry.words }) { continue }
            chosen.append(entry)
        }
        // Answerability: the best score, and with the model how much of the question the answer covers, how far its
        // passage stands out and whether the bookmark-level search agrees.
        var signals = ExtractiveAnswer.Signals(bestScore: best.score)
        let chosenWords = chosen.reduce(into: Set<String>()) { $0.formUnion($1.words) }
        let chosenContext = chosen.reduce(into: Set<String>()) { $0.formUnion(WordTokenizer.words(candidates[$1.candidate].context)) }
        signals.coverage = Self.termCoverage(terms.terms, sentence: chosenWords, context: chosenContext)
        let quoted = candidates[best.candidate]
        let others = candidates.filter { $0.documentRank == nil || $0.documentRank != quoted.documentRank }.compactMap(\.relevance)
        if let relevance = quoted.relevance, !others.isEmpty {
            signals.lead = relevance - others.reduce(0, +) / Double(others.count)
        }
        signals.agrees = quoted.documentRank == 0
        signals.confidence = usesVectors
            ? Self.confidence(signals, coverageWeight: coverageWeight, leadWeight: leadWeight, agreementWeight: agreementWeight)
            : best.score
        let floor = usesVectors ? self.floor : wordsOnlyFloor
        guard signals.confidence >= floor else {
            let unnamed = best.missing > 0 ? "no passage names \(terms.names.joined(separator: ", ")) and " : ""
            var answer = ExtractiveAnswer(sentences: [], bestScore: best.score,
                                          reason: unnamed + "the closest passage is not close enough (\(Self.format(signals.confidence)) < \(Self.format(floor)))")
            answer.signals = signals
            return answer
        }

        // Reading order: passages in the order they are first chosen (with `citesInRankOrder`, in the candidates' order:
        // the bookmark-level ranking's), each passage's sentences in text order.
        var order: [Int] = []
        for entry in chosen where !order.contains(entry.candidate) { order.append(entry.candidate) }
        if citesInRankOrder { order.sort() }
        let sentences = order.flatMap { candidate in
            chosen.filter { $0.candidate == candidate }.sorted { $0.position < $1.position }
                .map { ExtractiveAnswer.Sentence(text: $0.text, candidate: $0.candidate, position: $0.position, score: $0.score) }
        }
        var answer = ExtractiveAnswer(sentences: sentences, bestScore: best.score, reason: nil)
        answer.signals = signals
        return answer
    }

    /// The answerability of an answer with `signals`: its best score plus the weighted coverage, lead and agreement.
    static func confidence(_ signals: ExtractiveAnswer.Signals, coverageWeight: Double, leadWeight: Double, agreementWeight: Double) -> Double {
        signals.bestScore + coverageWeight * signals.coverage + leadWeight * signals.lead + (signals.agrees ? agreementWeight : 0)
    }

    /// The share of `names` not among `words` (0 when there are no names).
    static func missingShare(_ names: [String], in words: Set<String>) -> Double {
        guard !names.isEmpty else { return 0 }
        return Double(names.filter { !words.contains($0) }.count) / Double(names.count)
    }

    /// Whether `sentence` is a table run together rather than a sentence: 20 words or more, 5 of them numbers, without a
    /// comma, colon, semicolon or bracket ("97 pounds on Mercury or Mars 255 pounds on Earth 232 pounds on Venus …").
    static func isRunTogether(_ sentence: String) -> Bool {
        let words = sentence.split(whereSeparator: \.isWhitespace)
        return words.count >= 20 && words.filter { WordTokenizer.isNumeric(String($0)) }.count >= 5
            && !sentence.contains { ",;:()".contains($0) }
    }

    /// The white-space separated words of `sentence`.
    static func wordCount(_ sentence: String) -> Int {
        sentence.split(whereSeparator: \.isWhitespace).count
    }

    /// The share of the question's terms a sentence holds: a term in the sentence counts whole, one only in the
    /// passage's title or heading counts half. 1 when the question has no content terms.
    static func termCoverage(_ terms: [String], sentence: Set<String>, context: Set<String>) -> Double {
        guard !terms.isEmpty else { return 1 }
        var found = 0.0
        for term in terms {
            if sentence.contains(term) || sentence.contains(where: { Self.sameStem($0, term) }) {
                found += 1
            } else if context.contains(term) {
                found += 0.5
            }
        }
        return found / Double(terms.count)
    }

    /// "price"/"prices", "cut"/"cuts", "acquire"/"acquired": the same word for matching, roughly.
    static func sameStem(_ a: String, _ b: String) -> Bool {
        guard a.count >= 4, b.count >= 4 else { return a == b }
        let shorter = a.count <= b.count ? a : b
        let longer = a.count <= b.count ? b : a
        return longer.hasPrefix(shorter) && longer.count - shorter.count <= 3
            || longer.hasPrefix(String(shorter.dropLast())) && longer.count - shorter.count <= 2 && shorter.count >= 5
    }

    /// Whether `sentence` is not prose to quote: code (a signature, a shell or Python prompt, a line more symbols than
    /// words), a heading's permalink label (ending in "¶") or a label or heading (under 8 words, no closing punctuation:
    /// "Source code: Lib/turtle.py"). An answer says things in sentences; code stays in the page it came from, which
    /// the citation opens.
    public static func isCodeOrLabel(_ sentence: String) -> Bool {
        let trimmed = sentence.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("\u{00B6}") || trimmed.hasPrefix(">>>") || trimmed.hasPrefix("$ ") || trimmed.hasPrefix("...") { return true }
        // A lead-in ("Here is the logging.conf file:"): what it introduces (an example, a listing) is not quoted, and
        // without it the sentence says nothing.
        if trimmed.hasSuffix(":") { return true }
        if let last = trimmed.last, !".!?:;)\"'\u{201D}".contains(last), wordCount(trimmed) < 8 { return true }
        // A call or a signature: `name.attribute(arguments)` and nothing else.
        if trimmed.hasSuffix(")"), let open = trimmed.firstIndex(of: "("), open > trimmed.startIndex,
           !trimmed[..<open].contains(where: \.isWhitespace) {
            return true
        }
        // Prose that names functions ("These are debug(), info() and error().") is prose: an empty call's "()" after a
        // name is not counted as code.
        let prose = trimmed.replacingOccurrences(of: #"(?<=\w)\(\)"#, with: "", options: .regularExpression)
        var symbols = 0, total = 0
        for scalar in prose.unicodeScalars where !scalar.properties.isWhitespace {
            total += 1
            if "()[]{}=<>_*/\\#|;`@".unicodeScalars.contains(scalar) { symbols += 1 }
        }
        return total > 0 && Double(symbols) / Double(total) > 0.06
    }

    /// Questions that ask for an amount, a price, a share or a date.
    static func asksForAmount(_ question: String) -> Bool {
        let lower = question.lowercased()
        return ["how much", "how many", "what price", "what percentage", "what share", "what stake", "when ", "how large", "how big"].contains { lower.contains($0) }
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
