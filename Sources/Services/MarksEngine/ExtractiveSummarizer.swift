/// Picks 1–3 sentences of a page as its summary, in document order, at most `maximumLength` characters.
///
/// Each sentence is scored by a lead prior (news and most articles state the point first), by
/// position-aware centrality as in PacSum (Zheng & Lapata 2019: a sentence similar to many *later*
/// sentences introduces them and is central; similarity to *earlier* ones counts against it), and by
/// similarity to the title. The best sentences that fit whole are kept; only when none fits is one cut,
/// and then at a word boundary with an ellipsis. Page furniture (`BoilerplateFilter`: cookie banners,
/// calls to subscribe, share rows, copyright lines, very short or link-like lines) is never chosen.
public struct ExtractiveSummarizer: Sendable {
    /// The longest summary, in characters.
    public var maximumLength: Int
    /// The most sentences in a summary.
    public var maximumSentences: Int
    /// Weight of the lead prior (position 0 scores 1, position i scores 1/(1+i)).
    var leadWeight: Float = 0.45
    /// Weight of the similarity to the title.
    var titleWeight: Float = 0.15
    /// PacSum's λ: how much similarity to earlier sentences lowers centrality (later ones count 1).
    var backwardWeight: Float = 0.5
    /// PacSum's β: similarities below `min + β·(max − min)` count as zero.
    var edgeThreshold: Float = 0.5
    /// A further sentence joins the summary only if it scores at least this share of the best.
    var followerShare: Float = 0.55
    /// Two sentences this similar say the same thing; the second is skipped.
    var redundancy: Float = 0.9
    /// Recognises sentences that are page furniture.
    public var filter = BoilerplateFilter()

    /// A summarizer with the API's limits: at most 300 characters and 3 sentences.
    public init(maximumLength: Int = 300, maximumSentences: Int = 3) {
        self.maximumLength = max(20, maximumLength)
        self.maximumSentences = max(1, maximumSentences)
    }

    /// The summary of `sentences` (content only, in document order) given their unit-length `embeddings`
    /// (one per sentence) and the title's embedding when there is a title; empty when there are no sentences.
    public func summarize(sentences allSentences: [String], embeddings allEmbeddings: [[Float]], titleEmbedding: [Float]?) -> String {
        let content = allSentences.indices.filter { $0 < allEmbeddings.count && !filter.isBoilerplate(allSentences[$0]) }
        let sentences = content.map { allSentences[$0] }
        let embeddings = content.map { allEmbeddings[$0] }
        let count = sentences.count
        guard count > 0 else { return "" }
        let lengths = sentences.map(\.count)
        let scores = self.scores(embeddings: embeddings, lengths: lengths, titleEmbedding: titleEmbedding)
        let order = scores.indices.sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }
        guard let best = order.first else { return "" }
        var chosen: [Int] = []
        var used = 0
        for index in order where chosen.count < maximumSentences {
            if !chosen.isEmpty, scores[index] < followerShare * scores[best] { break }
            let needed = lengths[index] + (chosen.isEmpty ? 0 : 1)
            guard used + needed <= maximumLength else { continue }
            if chosen.contains(where: { Vectors.dot(embeddings[$0], embeddings[index]) >= redundancy }) { continue }
            chosen.append(index)
            used += needed
        }
        guard !chosen.isEmpty else { return Self.cleanCut(sentences[best], maximumLength: maximumLength) }
        return chosen.sorted().map { sentences[$0] }.joined(separator: " ")
    }

    /// The score of every sentence (higher is better).
    func scores(embeddings: [[Float]], lengths: [Int], titleEmbedding: [Float]?) -> [Float] {
        let count = embeddings.count
        let centrality = Self.normalizedToUnit(directedCentrality(embeddings))
        let title = titleEmbedding.map { title in Self.normalizedToUnit(embeddings.map { max(0, Vectors.dot($0, title)) }) }
        let titleShare = title == nil ? 0 : titleWeight
        let centralityShare = 1 - leadWeight - titleShare
        return (0..<count).map { index in
            let lead = 1 / Float(1 + index)
            var score = leadWeight * lead + centralityShare * centrality[index] + titleShare * (title?[index] ?? 0)
            if lengths[index] < 40 { score *= 0.7 }
            if lengths[index] > maximumLength { score *= 0.6 }
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
