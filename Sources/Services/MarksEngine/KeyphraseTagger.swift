import MarksCore

/// Chooses 3–5 tags for a page from its keyphrase candidates, preferring the user's vocabulary.
///
/// Candidates are scored by embedding similarity to the page (title + lead) and by prominence, then
/// picked with maximal marginal relevance so the tags say different things. A vocabulary tag fits when
/// the page (or one of its opening sentences) is close to it, or when a strong candidate matches it
/// exactly, by stem, or by embedding similarity above `snapThreshold`. Fitting vocabulary tags come
/// first (up to `maximumTags`, filled up to `minimumTags` with the next-closest ones above `fillThreshold`).
/// A new tag is proposed only from a candidate that no vocabulary tag is close to, and only when no
/// vocabulary tag fits at all — or, while the vocabulary is young (fewer than `establishedVocabulary`
/// tags), to complete `minimumTags`.
public struct KeyphraseTagger: Sendable {
    /// The fewest tags returned when the page offers enough candidates.
    public var minimumTags: Int
    /// The most tags returned.
    public var maximumTags: Int
    /// Candidate–tag similarity at or above which a candidate snaps to a vocabulary tag.
    public var snapThreshold: Float = 0.72
    /// Fit at or above which a vocabulary tag is chosen outright.
    public var fitThreshold: Float = 0.4
    /// Fit at or above which a vocabulary tag may fill up to `minimumTags`; below it for every tag,
    /// nothing in the vocabulary fits and new tags are proposed.
    public var fillThreshold: Float = 0.22
    /// A filling tag not written in the page must stand out by this much over the vocabulary's median closeness to
    /// the page (vocabularies of 4 such tags or more): a quantum computing primer is about as close to every tag of a
    /// programming library (`programming c++ python`, 0.25–0.3), so none of them stands for it.
    public var fillDistinction: Float = 0.1
    /// A filling tag must be within this much of the best fit.
    var fillMargin: Float = 0.2
    /// A vocabulary this large is taken to cover the user's topics: new tags only when nothing in it fits.
    public var establishedVocabulary = 25
    /// How much an opening sentence's similarity to a tag counts against the whole page's.
    var sentenceWeight: Float = 0.9
    /// Opening sentences compared with the vocabulary.
    var sentencesCompared = 5
    /// A candidate must be at least this similar to the page to become a tag.
    var candidateFloor: Float = 0.25
    /// How many of the best candidates may snap to vocabulary tags.
    var snappingCandidates = 15
    /// How many of the most prominent candidates are embedded (the others can only match tags by name).
    public var embeddedCandidates = 20
    /// MMR's λ: relevance against diversity.
    var diversity: Float = 0.7

    /// A tagger returning between `minimumTags` and `maximumTags` tags (3–5 by default).
    public init(minimumTags: Int = 3, maximumTags: Int = 5) {
        self.maximumTags = max(1, maximumTags)
        self.minimumTags = min(max(0, minimumTags), self.maximumTags)
    }

    /// Tags for a page: `candidates` with unit-length embeddings of the first ones (those without one can
    /// only match vocabulary tags by name), the page's embedding, and the user's vocabulary (possibly empty);
    /// `pageText` (title and text) is where a tag with symbols (`c++`, `c#`) must be written to fit.
    /// Lower-case, cleaned as linkding cleans tags, vocabulary tags first.
    public func tags(candidates: [PhraseCandidate], candidateEmbeddings: [[Float]], pageEmbedding: [Float],
                     sentenceEmbeddings: [[Float]] = [], vocabulary: TagVocabulary, pageText: String = "") -> [String] {
        let count = min(candidates.count, candidateEmbeddings.count)
        let maximumPrior = candidates.prefix(count).map(\.prior).max() ?? 1
        let scored: [(index: Int, score: Float, relevance: Float)] = (0..<count).map { index in
            let relevance = Vectors.dot(candidateEmbeddings[index], pageEmbedding)
            let prominence = Float(candidates[index].prior / max(maximumPrior, 1e-9))
            return (index, 0.75 * relevance + 0.25 * prominence, relevance)
        }.sorted { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }

        var chosen: [String] = []
        var chosenVectors: [[Float]] = []
        var chosenWords = Set<String>()
        var snapped = Set<Int>()
        if !vocabulary.isEmpty {
            let match = VocabularyMatch(tagger: self, scored: scored, candidates: candidates, candidateEmbeddings: candidateEmbeddings,
                                        pageEmbedding: pageEmbedding, sentenceEmbeddings: Array(sentenceEmbeddings.prefix(sentencesCompared)),
                                        vocabulary: vocabulary, pageText: pageText)
            snapped = match.snappedCandidates
            for tagIndex in match.chosenTags(limit: maximumTags) {
                chosen.append(vocabulary.tags[tagIndex])
                chosenVectors.append(vocabulary.embeddings[tagIndex])
                chosenWords.formUnion(vocabulary.keys[tagIndex].split(separator: "-").map(String.init))
            }
            if !chosen.isEmpty, chosen.count >= minimumTags || vocabulary.tags.count >= establishedVocabulary { return chosen }
        }
        let wanted = vocabulary.isEmpty ? maximumTags : minimumTags
        let best = scored.first?.score ?? 0
        var pool = scored.prefix(snappingCandidates).filter { entry in
            !snapped.contains(entry.index) && entry.relevance >= candidateFloor && candidates[entry.index].canBeNewTag
        }
        while chosen.count < wanted, !pool.isEmpty {
            var pick = 0
            var pickValue = -Float.greatestFiniteMagnitude
            for (position, entry) in pool.enumerated() {
                let redundancy = chosenVectors.map { Vectors.dot($0, candidateEmbeddings[entry.index]) }.max() ?? 0
                let value = diversity * entry.score - (1 - diversity) * redundancy
                if value > pickValue {
                    pickValue = value
                    pick = position
                }
            }
            let entry = pool.remove(at: pick)
            if chosen.count >= minimumTags, entry.score < 0.75 * best { break }
            let candidate = candidates[entry.index]
            let stems = candidate.words.map(Stemmer.stem)
            guard !stems.contains(where: chosenWords.contains), let tag = Self.tagName(candidate.words), !chosen.contains(tag) else { continue }
            chosen.append(tag)
            chosenVectors.append(candidateEmbeddings[entry.index])
            chosenWords.formUnion(stems)
        }
        return chosen
    }

    /// A phrase as a linkding tag: words joined with `-`, lower-case; nil when too long for linkding (64).
    static func tagName(_ words: [String]) -> String? {
        guard let name = TagNames.parse(words.joined(separator: " ")).first?.lowercased(), name.count <= 64 else { return nil }
        return name
    }
}
