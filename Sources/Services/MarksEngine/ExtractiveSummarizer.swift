/// Picks 1–3 sentences of a page as its summary, in document order.
///
/// Each sentence is scored by a lead prior (news and most articles state the point first), by
/// position-aware centrality as in PacSum (Zheng & Lapata 2019: a sentence similar to many *later*
/// sentences introduces them and is central; similarity to *earlier* ones counts against it), and by
/// similarity to the title. The best sentence starts the summary. On a short page further sentences join
/// only when they score close to it; on an article (`articleSentences` or more) the summary covers the
/// text: each further sentence is the one that adds most coverage, Σⱼ max(0, sim(i, j) − covered(j)) over
/// every sentence j (the greedy facility-location choice of Lin & Bilmes 2011), weighed by its score, and
/// the article may use `articleLength` characters. Only prose is chosen when the page has prose: headings
/// (no closing punctuation), code and page furniture (`BoilerplateFilter`: cookie banners, calls to
/// subscribe, share rows, copyright lines, very short or link-like lines) never are. Sentences are kept
/// whole; only when none fits is one cut, at a word boundary with an ellipsis. Deterministic: ties go to
/// the earlier sentence.
public struct ExtractiveSummarizer: Sendable {
    /// The longest summary of a short page, in characters.
    public var maximumLength: Int
    /// The longest summary of an article, in characters (at least `maximumLength`).
    public var articleLength: Int
    /// The most sentences in a summary.
    public var maximumSentences: Int
    /// A page with this many prose sentences or more is summarised for coverage.
    var articleSentences = 8
    /// Weight of the lead prior (position 0 scores 1, position i scores 1/(1+i)).
    var leadWeight: Float = 0.45
    /// Weight of the similarity to the title.
    var titleWeight: Float = 0.15
    /// PacSum's λ: how much similarity to earlier sentences lowers centrality (later ones count 1).
    var backwardWeight: Float = 0.5
    /// PacSum's β: similarities below `min + β·(max − min)` count as zero.
    var edgeThreshold: Float = 0.5
    /// On a short page, a further sentence joins the summary only if it scores at least this share of the best.
    var followerShare: Float = 0.55
    /// Two sentences this similar say the same thing; the second is skipped.
    var redundancy: Float = 0.9
    /// On an article, a further sentence must add at least this much coverage (mean over the sentences).
    var minimumCoverageGain: Float = 0.005
    /// Recognises sentences that are page furniture.
    public var filter = BoilerplateFilter()

    /// A summarizer with the API's limits: at most 3 sentences, 300 characters (480 for an article).
    public init(maximumLength: Int = 300, maximumSentences: Int = 3, articleLength: Int = 480) {
        self.maximumLength = max(20, maximumLength)
        self.articleLength = max(self.maximumLength, articleLength)
        self.maximumSentences = max(1, maximumSentences)
    }

    /// The summary of `sentences` (content only, in document order) given their unit-length `embeddings`
    /// (one per sentence) and the title's embedding when there is a title; empty when there are no sentences.
    public func summarize(sentences allSentences: [String], embeddings allEmbeddings: [[Float]], titleEmbedding: [Float]?) -> String {
        let content = allSentences.indices.filter { $0 < allEmbeddings.count && !filter.isBoilerplate(allSentences[$0]) }
        let prose = content.filter { Self.isProse(allSentences[$0]) }
        let kept = prose.isEmpty ? content : prose
        let sentences = kept.map { allSentences[$0] }
        let embeddings = kept.map { allEmbeddings[$0] }
        let count = sentences.count
        guard count > 0 else { return "" }
        let article = prose.count >= articleSentences
        let budget = article ? articleLength : maximumLength
        let lengths = sentences.map(\.count)
        let scores = self.scores(embeddings: embeddings, lengths: lengths, titleEmbedding: titleEmbedding, budget: budget)
        let order = scores.indices.sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }
        guard let best = order.first else { return "" }
        // A sentence that leans on the one before it is quoted only right after it.
        let leans = sentences.map(Self.leansOnThePrevious)
        let eligible = { (index: Int, chosen: [Int]) in
            !leans[index] || index > 0 && kept[index - 1] == kept[index] - 1 && chosen.contains(index - 1)
        }
        let chosen = article
            ? coveringChoice(embeddings: embeddings, lengths: lengths, scores: scores, order: order, budget: budget, eligible: eligible)
            : leadingChoice(embeddings: embeddings, lengths: lengths, scores: scores, order: order, budget: budget, eligible: eligible)
        guard !chosen.isEmpty else { return Self.cleanCut(sentences[best], maximumLength: budget) }
        return chosen.sorted().map { sentences[$0] }.joined(separator: " ")
    }

    /// A short page's summary: the best sentences that fit, as long as they score close to the best.
    private func leadingChoice(embeddings: [[Float]], lengths: [Int], scores: [Float], order: [Int], budget: Int,
                               eligible: (Int, [Int]) -> Bool) -> [Int] {
        guard let best = order.first(where: { eligible($0, []) }) else { return [] }
        var chosen: [Int] = []
        var used = 0
        for index in order where chosen.count < maximumSentences && eligible(index, chosen) {
            if !chosen.isEmpty, scores[index] < followerShare * scores[best] { break }
            let needed = lengths[index] + (chosen.isEmpty ? 0 : 1)
            guard used + needed <= budget else { continue }
            if chosen.contains(where: { Vectors.dot(embeddings[$0], embeddings[index]) >= redundancy }) { continue }
            chosen.append(index)
            used += needed
        }
        return chosen
    }

    /// An article's summary: the best sentence that fits, then greedily the sentence that adds most coverage of the
    /// whole text (weighed by its score), while sentences fit and add coverage.
    private func coveringChoice(embeddings: [[Float]], lengths: [Int], scores: [Float], order: [Int], budget: Int,
                                eligible: (Int, [Int]) -> Bool) -> [Int] {
        guard let first = order.first(where: { lengths[$0] <= budget && eligible($0, []) }) else { return [] }
        let count = embeddings.count
        let matrix = Vectors.similarityMatrix(embeddings)
        let top = max(Float.leastNonzeroMagnitude, scores[order[0]])
        var covered = (0..<count).map { max(0, matrix[first * count + $0]) }
        var chosen = [first]
        var used = lengths[first]
        while chosen.count < maximumSentences {
            var pick: Int?
            var pickValue: Float = 0
            for index in 0..<count where !chosen.contains(index) && used + 1 + lengths[index] <= budget && eligible(index, chosen) {
                if chosen.contains(where: { matrix[$0 * count + index] >= redundancy }) { continue }
                var gain: Float = 0
                for other in 0..<count { gain += max(0, matrix[index * count + other] - covered[other]) }
                gain /= Float(count)
                guard gain >= minimumCoverageGain else { continue }
                let value = gain * (0.5 + 0.5 * max(0, scores[index]) / top)
                if value > pickValue {
                    pick = index
                    pickValue = value
                }
            }
            guard let pick else { break }
            chosen.append(pick)
            used += 1 + lengths[pick]
            for other in 0..<count { covered[other] = max(covered[other], matrix[pick * count + other]) }
        }
        return chosen
    }

    /// Openings by which a sentence leans on the one before it ("That means …", "However, …", "In this case, …"): alone
    /// in a summary it answers nothing.
    static let leaningOpenings = ["that means", "this means", "in this case", "in that case", "however", "but", "therefore",
                                  "thus", "also", "so", "otherwise", "instead", "that is", "as a result", "in addition",
                                  "moreover", "furthermore", "it also", "this is why", "that is why", "because of this",
                                  "for this reason", "on the other hand", "then"]

    /// Whether `sentence` opens with one of `leaningOpenings` (as whole words, any case).
    static func leansOnThePrevious(_ sentence: String) -> Bool {
        let lowered = sentence.lowercased()
        return leaningOpenings.contains { opening in
            guard lowered.hasPrefix(opening) else { return false }
            guard let next = lowered.dropFirst(opening.count).first else { return true }
            return !next.isLetter && !next.isNumber
        }
    }

    /// True for a sentence of prose: ends as a sentence does (a heading does not), has a few words, and does not
    /// read as code (a prompt, a statement, or more brackets and operators than a sentence has).
    static func isProse(_ sentence: String) -> Bool {
        var scalars = Array(sentence.unicodeScalars)
        while let last = scalars.last, last.properties.isWhitespace || "\"'”’»)]".unicodeScalars.contains(last) { scalars.removeLast() }
        guard let end = scalars.last, ".!?…。！？".unicodeScalars.contains(end) else { return false }
        let words = sentence.split(whereSeparator: \.isWhitespace)
        guard words.count >= 5 || scalars.count >= 20 else { return false }
        return !looksLikeCode(sentence, words: words)
    }

    /// True when `text` reads as code or a shell line rather than prose.
    static func looksLikeCode(_ text: String, words: [Substring]) -> Bool {
        for prompt in [">>>", "$ ", "# ", "... ", "C:\\"] where text.hasPrefix(prompt) { return true }
        var letters = 0
        var symbols = 0
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic { letters += 1 } else if "{}[]()<>=;_*/\\|`#$&^~+".unicodeScalars.contains(scalar) { symbols += 1 }
        }
        if symbols * 6 > max(1, letters) { return true }
        let codeWords = words.filter { word in
            word.contains("(") && word.contains(")") || word.contains("=") || word.contains("::") || word.contains("->")
                || word.hasSuffix(";") || word.contains("_") && word.contains(".")
        }.count
        return codeWords * 4 > words.count
    }

    /// The score of every sentence (higher is better).
    func scores(embeddings: [[Float]], lengths: [Int], titleEmbedding: [Float]?, budget: Int? = nil) -> [Float] {
        let budget = budget ?? maximumLength
        let count = embeddings.count
        let centrality = Self.normalizedToUnit(directedCentrality(embeddings))
        let title = titleEmbedding.map { title in Self.normalizedToUnit(embeddings.map { max(0, Vectors.dot($0, title)) }) }
        let titleShare = title == nil ? 0 : titleWeight
        let centralityShare = 1 - leadWeight - titleShare
        return (0..<count).map { index in
            let lead = 1 / Float(1 + index)
            var score = leadWeight * lead + centralityShare * centrality[index] + titleShare * (title?[index] ?? 0)
            if lengths[index] < 40 { score *= 0.7 }
            if lengths[index] > budget { score *= 0.6 }
            return score
        }
    }

    /// PacSum's directed centrality: Σ later similarities − λ · Σ earlier similarities, over thresholded edges.
    func directedCentrality(_ embeddings: [[Float]]) -> [Float] {
        let count = embeddings.count
        guard count > 1 else { return [Float](repeating: 0, count: count) }
        let matrix = Vectors.similarityMatrix(embeddings)
        var low = Float.greatestFiniteMagnitude
        var high = -Float.greatestFiniteMagnitude
        for row in 0..<count {
            for column in 0..<count where column != row {
                low = min(low, matrix[row * count + column])
                high = max(high, matrix[row * count + column])
            }
        }
        let cutoff = low + edgeThreshold * (high - low)
        return (0..<count).map { row in
            var forward: Float = 0
            var backward: Float = 0
            for column in 0..<count where column != row {
                let edge = max(0, matrix[row * count + column] - cutoff)
                if column > row { forward += edge } else { backward += edge }
            }
            return forward - backwardWeight * backward
        }
    }

    /// `text` cut to at most `maximumLength` characters at a word boundary, ending with "…".
    static func cleanCut(_ text: String, maximumLength: Int) -> String {
        guard text.count > maximumLength else { return text }
        let limit = max(1, maximumLength - 1)
        let head = text.prefix(limit)
        var cut = head.endIndex
        if let space = head.lastIndex(where: { $0.isWhitespace }), head.distance(from: head.startIndex, to: space) >= limit / 2 {
            cut = space
        }
        var kept = String(head[..<cut])
        while let last = kept.last, last.isWhitespace || ",;:–—-([{\"'“‘".contains(last) { kept.removeLast() }
        return kept.isEmpty ? String(head) + "…" : kept + "…"
    }

    private static func normalizedToUnit(_ values: [Float]) -> [Float] {
        guard let low = values.min(), let high = values.max(), high > low else { return values.map { _ in 0 } }
        return values.map { ($0 - low) / (high - low) }
    }
}
