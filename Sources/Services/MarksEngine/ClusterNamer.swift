import Foundation

/// Names and describes clusters of bookmarks from their distinctive terms (class-based TF-IDF over titles
/// and summaries: terms frequent in the cluster and rare elsewhere) and their most common tags.
/// Deterministic: ties are broken alphabetically.
struct ClusterNamer {
    /// One bookmark's words and tags.
    struct Document {
        let chunks: [[String]]
        let tags: [String]
    }

    /// A cluster's name (2–4 words, Title Case) and one-sentence description.
    struct Label: Equatable {
        let name: String
        let description: String
    }

    private let documents: [Document]
    private let documentTerms: [Set<String>]
    private let globalFrequency: [String: Int]
    private let acronyms: Set<String>

    /// A namer for these documents; `originalTexts` (titles and summaries as written) tell acronyms apart.
    init(documents: [Document], originalTexts: [String]) {
        self.documents = documents
        documentTerms = documents.map(Self.terms)
        var frequency: [String: Int] = [:]
        for terms in documentTerms { for term in terms { frequency[term, default: 0] += 1 } }
        globalFrequency = frequency
        acronyms = Self.acronyms(in: originalTexts)
    }

    /// Labels for `clusters` (member indices), in the same order; names are unique. The best-weighted
    /// terms of each cluster are re-ranked by how close their embedding (from `embed`) is to the
    /// cluster's `centroids` entry, so the name says what the cluster is about rather than what is merely frequent.
    func labels(for clusters: [[Int]], centroids: [[Float]], embed: ([String]) throws -> [[Float]]) throws -> [Label] {
        let candidates = clusters.map { Array(rankedTerms($0).prefix(Self.rerankedTerms)) }
        let vocabulary = Array(Set(candidates.flatMap { $0.map(\.term) })).sorted()
        let vectors = try embed(vocabulary)
        var vectorOf: [String: [Float]] = [:]
        for (term, vector) in zip(vocabulary, vectors) { vectorOf[term] = vector }
        var used = Set<String>()
        return clusters.enumerated().map { number, members in
            let centroid = number < centroids.count ? centroids[number] : []
            let terms = reranked(candidates[number], centroid: centroid, vectors: vectorOf)
            let tag = commonTag(members)
            let name = uniqueName(terms: terms, tag: tag, used: &used, fallback: number + 1)
            return Label(name: name, description: describe(count: members.count, terms: terms, tag: tag))
        }
    }

    /// How many of a cluster's best-weighted terms are re-ranked by meaning.
    static let rerankedTerms = 8

    /// Terms of a cluster by class-based TF-IDF, best first, with their weights: share of members holding the
    /// term × rarity among all bookmarks × how much more common it is inside than outside the cluster.
    /// Terms held by too few members come last (and only when fewer than two others qualify).
    func rankedTerms(_ members: [Int]) -> [(term: String, weight: Double)] {
        var frequency: [String: Int] = [:]
        for member in members { for term in documentTerms[member] { frequency[term, default: 0] += 1 } }
        let needed = min(members.count, max(2, Int((Double(members.count) * 0.15).rounded(.up))))
        let total = Double(documents.count)
        let outsideCount = Double(max(1, documents.count - members.count))
        var strong: [(term: String, weight: Double)] = []
        var weak: [(term: String, weight: Double)] = []
        for (term, inCluster) in frequency {
            let share = Double(inCluster) / Double(members.count)
            let outsideShare = Double((globalFrequency[term] ?? inCluster) - inCluster) / outsideCount
            let rarity = log(1 + total / Double(globalFrequency[term] ?? 1))
            let contrast = share / (share + outsideShare)
            let weight = share * rarity * contrast * (term.contains(" ") ? 1.3 : 1)
            if inCluster >= needed { strong.append((term, weight)) } else { weak.append((term, weight)) }
        }
        let order: ((term: String, weight: Double), (term: String, weight: Double)) -> Bool = {
            $0.weight != $1.weight ? $0.weight > $1.weight : $0.term < $1.term
        }
        strong.sort(by: order)
        if strong.count < 2 { strong += weak.sorted(by: order) }
        return strong
    }

    private func reranked(_ terms: [(term: String, weight: Double)], centroid: [Float], vectors: [String: [Float]]) -> [String] {
        guard let top = terms.first?.weight, top > 0 else { return terms.map(\.term) }
        let scored = terms.map { entry -> (term: String, score: Double) in
            let similarity = vectors[entry.term].map { Double(Vectors.dot($0, centroid)) } ?? 0
            return (entry.term, 0.5 * entry.weight / top + 0.5 * max(0, similarity))
        }
        return scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.term < $1.term }.map(\.term)
    }

    /// The tag most members carry, when it is distinctive (over half the members, and less than half as
    /// common among the other bookmarks).
    func commonTag(_ members: [Int]) -> String? {
        var inside: [String: Int] = [:]
        for member in members { for tag in Set(documents[member].tags) { inside[tag, default: 0] += 1 } }
        let memberSet = Set(members)
        let outsideCount = max(1, documents.count - members.count)
        let ranked = inside.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        for (tag, count) in ranked {
            let share = Double(count) / Double(members.count)
            guard share > 0.5, count >= 2 else { break }
            let outside = documents.indices.filter { !memberSet.contains($0) && documents[$0].tags.contains(tag) }.count
            if Double(outside) / Double(outsideCount) < share / 2 { return tag }
        }
        return nil
    }

    private func uniqueName(terms: [String], tag: String?, used: inout Set<String>, fallback: Int) -> String {
        var phrases: [String] = []
        if let tag { phrases.append(TagVocabulary.words(of: tag)) }
        phrases.append(contentsOf: terms)
        for start in phrases.indices {
            let name = compose(Array(phrases[start...]))
            if !name.isEmpty, used.insert(name).inserted { return name }
        }
        if let first = phrases.first {
            let name = titleCase(first.split(separator: " ").prefix(3).map(String.init) + ["links"])
            if used.insert(name).inserted { return name }
        }
        var name = "Group \(fallback)"
        while !used.insert(name).inserted { name += "+" }
        return name
    }

    /// 2–4 words: a phrase of several words alone ("Crude Oil", also when a single first word has a
    /// well-ranked phrase around it), or the first word with the next phrase sharing no word ("Oil & Opec").
    private func compose(_ phrases: [String]) -> String {
        guard let first = phrases.first else { return "" }
        var words = first.split(separator: " ").map(String.init)
        if words.count == 1, let longer = phrases.prefix(8).first(where: { $0.contains(" ") && $0.split(separator: " ").contains(Substring(first)) }) {
            words = longer.split(separator: " ").map(String.init)
        }
        if words.count >= 2 { return titleCase(Array(words.prefix(4))) }
        let firstStems = Set(words.map(Stemmer.stem))
        for next in phrases.dropFirst() {
            let nextWords = next.split(separator: " ").map(String.init)
            guard nextWords.count + words.count <= 4, !nextWords.contains(where: { firstStems.contains(Stemmer.stem($0)) }) else { continue }
            words.append("&")
            words.append(contentsOf: nextWords)
            return titleCase(words)
        }
        return ""
    }

    private func describe(count: Int, terms: [String], tag: String?) -> String {
        let topics = Array(terms.prefix(3)).map { term in acronyms.contains(term) ? term.uppercased() : term }
        var sentence = "\(count) bookmarks"
        if !topics.isEmpty { sentence += " about " + Self.list(topics) }
        if let tag { sentence += ", mostly tagged \(tag)" }
        return sentence + "."
    }

    private func titleCase(_ words: [String]) -> String {
        words.map { word in
            if acronyms.contains(word) { return word.uppercased() }
            guard let first = word.first else { return word }
            return first.uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }

    private static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
    }

    /// Unigrams and bigrams of a document that can name something: letters, no stop words, 3+ characters.
    private static func terms(_ document: Document) -> Set<String> {
        var terms = Set<String>()
        for chunk in document.chunks {
            let usable = chunk.map { word in
                word.unicodeScalars.count >= 3 && WordTokenizer.hasLetter(word) && !StopWords.contains(word)
                    && word.unicodeScalars.count <= 25 && !PhraseCandidate.looksLikeVerbOrAdverb(word)
            }
            for (index, word) in chunk.enumerated() where usable[index] {
                terms.insert(word)
                if index + 1 < chunk.count, usable[index + 1] { terms.insert(word + " " + chunk[index + 1]) }
            }
        }
        return terms
    }

    /// Words of 2–5 letters written in capitals in at least two texts that are not all capitals, and never
    /// written otherwise ("NASA", "OPEC"; not a shouted "HEY").
    private static func acronyms(in texts: [String]) -> Set<String> {
        var capitals: [String: Int] = [:]
        var otherwise = Set<String>()
        for text in texts where text.contains(where: \.isLowercase) {
            var inText = Set<String>()
            for word in text.split(whereSeparator: { !$0.isLetter }) where (2...5).contains(word.count) {
                if word.allSatisfy(\.isUppercase) {
                    inText.insert(word.lowercased())
                } else {
                    otherwise.insert(word.lowercased())
                }
            }
            for word in inText { capitals[word, default: 0] += 1 }
        }
        return Set(capitals.filter { $0.value >= 2 && !otherwise.contains($0.key) }.keys)
    }
}
