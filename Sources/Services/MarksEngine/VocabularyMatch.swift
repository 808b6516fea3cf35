/// How well each vocabulary tag fits one page, and which candidates snapped to a vocabulary tag.
struct VocabularyMatch {
    /// Fit of each vocabulary tag (nil: does not fit).
    private(set) var fit: [Float?]
    /// Similarity of each vocabulary tag to the page, or to one of its opening sentences if closer (discounted).
    let pageSimilarity: [Float]
    /// Candidates (by index) that matched a vocabulary tag; they are never proposed as new tags.
    private(set) var snappedCandidates = Set<Int>()
    /// Tags (by index) written in the page in some form (a candidate matched their stem key).
    private(set) var namedTags = Set<Int>()
    private let tagger: KeyphraseTagger
    private let vocabulary: TagVocabulary

    init(tagger: KeyphraseTagger, scored: [(index: Int, score: Float, relevance: Float)], candidates: [PhraseCandidate],
         candidateEmbeddings: [[Float]], pageEmbedding: [Float], sentenceEmbeddings: [[Float]], vocabulary: TagVocabulary,
         pageText: String = "") {
        self.tagger = tagger
        self.vocabulary = vocabulary
        // A tag with symbols (`c++`, `c#`) fits only when written in the page: to the model it is its letters (`c`),
        // so closeness in meaning would make every stray letter that tag.
        let symbolic = vocabulary.tags.map(TagVocabulary.isSymbolic)
        let lowered = pageText.lowercased()
        pageSimilarity = vocabulary.embeddings.enumerated().map { index, tag in
            if symbolic[index] { return -1 }
            let sentence = sentenceEmbeddings.map { Vectors.dot($0, tag) }.max() ?? -1
            return max(Vectors.dot(tag, pageEmbedding), tagger.sentenceWeight * sentence)
        }
        fit = pageSimilarity.enumerated().map { index, similarity in
            if symbolic[index] { return Self.isWritten(vocabulary.tags[index], in: lowered) ? tagger.fitThreshold + 0.1 : nil }
            return similarity >= tagger.fillThreshold ? similarity : nil
        }
        var tagsByKey: [String: [Int]] = [:]
        for (index, key) in vocabulary.keys.enumerated() { tagsByKey[key, default: []].append(index) }

        // A vocabulary tag written in the page is strong evidence, the more prominent the phrase the stronger.
        let maximumPrior = candidates.map(\.prior).max() ?? 1
        func strength(_ entry: (index: Int, score: Float, relevance: Float)) -> Float {
            let prominence = Float(candidates[entry.index].prior / max(maximumPrior, 1e-9))
            return 0.2 + 0.3 * prominence + 0.4 * max(0, entry.relevance)
        }
        // Every candidate counts here, also those not embedded (their closeness to the page counts as 0).
        var relevance: [Int: Float] = [:]
        for entry in scored { relevance[entry.index] = entry.relevance }
        for index in candidates.indices {
            guard let exact = tagsByKey[candidates[index].stemKey] else { continue }
            snappedCandidates.insert(index)
            let entry = (index: index, score: Float(0), relevance: relevance[index] ?? 0)
            for tagIndex in exact {
                raise(tagIndex, to: strength(entry))
                namedTags.insert(tagIndex)
            }
        }
        // Close in meaning: the strongest candidates snap to vocabulary tags above the threshold.
        for entry in scored.prefix(tagger.snappingCandidates) {
            // A lone letter (`c` of "section 3(c)") is too little to stand for any tag by meaning.
            if candidates[entry.index].text.unicodeScalars.count < 2 { continue }
            var closest: Float = -1
            var closestTags: [(index: Int, similarity: Float)] = []
            for (tagIndex, tagVector) in vocabulary.embeddings.enumerated() where !symbolic[tagIndex] {
                let similarity = Vectors.dot(candidateEmbeddings[entry.index], tagVector)
                if similarity >= tagger.snapThreshold { closestTags.append((tagIndex, similarity)) }
                closest = max(closest, similarity)
            }
            if closest >= tagger.snapThreshold { snappedCandidates.insert(entry.index) }
            guard entry.relevance >= tagger.candidateFloor else { continue }
            for tag in closestTags { raise(tag.index, to: strength(entry) * tag.similarity) }
        }
    }

    /// True when `tag` occurs in `text` (both lower-case) as a word of its own: no letter or digit before it, none
    /// (nor `+` or `#`) after it — `c++` in "modern c++ code", not in "c+++"; `c#` not in "objective-c#x".
    static func isWritten(_ tag: String, in text: String) -> Bool {
        var searchStart = text.startIndex
        while let range = text.range(of: tag, range: searchStart..<text.endIndex) {
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
            let after = range.upperBound < text.endIndex ? text[range.upperBound] : " "
            if !(before.isLetter || before.isNumber), !(after.isLetter || after.isNumber || after == "+" || after == "#") { return true }
            searchStart = text.index(after: range.lowerBound)
        }
        return false
    }

    /// Keeps the higher of a tag's fit so far and `value`.
    private mutating func raise(_ tagIndex: Int, to value: Float) {
        fit[tagIndex] = max(fit[tagIndex] ?? -Float.greatestFiniteMagnitude, value)
    }

    /// Vocabulary tags for the page, best first: the fitting ones with diversity, then the next-closest
    /// ones up to the tagger's minimum.
    func chosenTags(limit: Int) -> [Int] {
        var pool = fit.indices.filter { (fit[$0] ?? 0) >= tagger.fitThreshold }
        var chosen: [Int] = []
        while chosen.count < limit, !pool.isEmpty {
            var pick = 0
            var pickValue = -Float.greatestFiniteMagnitude
            for (position, tagIndex) in pool.enumerated() {
                let redundancy = chosen.map { Vectors.dot(vocabulary.embeddings[$0], vocabulary.embeddings[tagIndex]) }.max() ?? 0
                let value = tagger.diversity * (fit[tagIndex] ?? 0) - (1 - tagger.diversity) * redundancy
                if value > pickValue || (value == pickValue && tagIndex < pool[pick]) {
                    pickValue = value
                    pick = position
                }
            }
            chosen.append(pool.remove(at: pick))
        }
        // Filling is judged on closeness to the page alone (an exact match must not raise the bar for the rest).
        let best = pageSimilarity.max() ?? 0
        let ordinary = pageSimilarity.filter { $0 > -1 }.sorted()
        let typical = ordinary.count >= 4 ? ordinary[ordinary.count / 2] : -Float.greatestFiniteMagnitude
        if chosen.count < tagger.minimumTags {
            let filling = fit.indices
                .filter { tag in
                    let distinct = namedTags.contains(tag) ? -Float.greatestFiniteMagnitude : typical + tagger.fillDistinction
                    return !chosen.contains(tag) && (fit[tag] ?? -1) >= max(tagger.fillThreshold, best - tagger.fillMargin, distinct)
                }
                .sorted { (fit[$0] ?? 0) != (fit[$1] ?? 0) ? (fit[$0] ?? 0) > (fit[$1] ?? 0) : $0 < $1 }
            chosen.append(contentsOf: filling.prefix(tagger.minimumTags - chosen.count))
        }
        return chosen
    }
}
