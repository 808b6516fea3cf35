/// Tags for a page from the tags of the most similar bookmarks the person has already tagged (k nearest
/// neighbours): each neighbour votes for each of its tags with its similarity to the page, and a tag's score is
/// its votes over all the neighbours' votes — the similarity-weighted share of the neighbourhood that carries it.
/// A neighbour less similar than `minimumSimilarity` does not vote (nothing near means nothing learnt), a tag
/// under `floor` is not suggested, generic tags never are, nor those the page already has. Pure.
public struct NeighbourTagVoting: Sendable {
    /// One already-tagged bookmark near the page.
    public struct Neighbour: Sendable, Equatable {
        /// Its own tags (as the person wrote them).
        public var tags: [String]
        /// Cosine similarity of its vector to the page's.
        public var similarity: Float

        /// A neighbour from its parts.
        public init(tags: [String], similarity: Float) {
            self.tags = tags
            self.similarity = similarity
        }
    }

    /// A suggested tag and its score (0…1: the weighted share of the neighbours carrying it).
    public struct Vote: Sendable, Equatable {
        public var tag: String
        public var score: Double
    }

    /// How many of the nearest tagged bookmarks vote.
    public var neighbours = 10
    /// A neighbour must be at least this similar to vote (all-MiniLM-L6-v2 cosine; unrelated texts score ~0–0.2).
    public var minimumSimilarity: Float = 0.3
    /// The lowest score suggested, calibrated on the Debian package corpus (`TagQuality`'s calibration slice, 4,000
    /// packages as the library, 400 others): precision / recall@5 were 0.53 / 0.59 at 0.15, 0.63 / 0.56 at 0.25,
    /// 0.67 / 0.54 at 0.3, 0.70 / 0.52 at 0.35, 0.74 / 0.44 at 0.5; 0.3 has the best F1.
    public var floor = 0.3
    /// The most tags suggested.
    public var limit = 5

    /// Voting with the calibrated defaults.
    public init() {}

    /// The tags the neighbours vote for, best first, at most `limit`, none under `floor`, none generic and none
    /// in `excluding` (case-insensitive). Spelled as most of the neighbours spell them.
    public func votes(_ neighbours: [Neighbour], excluding: [String] = []) -> [Vote] {
        let voters = neighbours.filter { $0.similarity >= minimumSimilarity && !$0.tags.isEmpty }
            .sorted { $0.similarity > $1.similarity }.prefix(self.neighbours)
        let total = voters.reduce(0.0) { $0 + Double($1.similarity) }
        guard total > 0 else { return [] }
        let excluded = Set(excluding.map { $0.lowercased() })
        var score: [String: Double] = [:]
        var spellings: [String: [String: Double]] = [:]
        var order: [String] = []
        for voter in voters {
            var seen = Set<String>()
            for tag in voter.tags {
                let key = tag.lowercased()
                guard seen.insert(key).inserted, !excluded.contains(key) else { continue }
                if score[key] == nil { order.append(key) }
                score[key, default: 0] += Double(voter.similarity)
                spellings[key, default: [:]][tag, default: 0] += Double(voter.similarity)
            }
        }
        let ranked = order.compactMap { key -> Vote? in
            let share = (score[key] ?? 0) / total
            guard share >= floor, !GenericTags.isGeneric(key) else { return nil }
            let spelled = spellings[key]?.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key ?? key
            return Vote(tag: spelled, score: share)
        }
        // Stable: equal scores keep the order the nearest neighbours gave.
        return Array(ranked.enumerated().sorted { $0.element.score != $1.element.score ? $0.element.score > $1.element.score : $0.offset < $1.offset }
            .map(\.element).prefix(limit))
    }
}
