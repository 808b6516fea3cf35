import Foundation

/// Names and describes clusters of bookmarks from what their members share: the words of their titles and their
/// tags, weighted against the whole library (share of members holding the term × its rarity among all bookmarks ×
/// how much more common it is inside than outside), and checked: every word of a name is in the title or the tags
/// of at least `nameShare` of the members. A cluster with no such term gets a weaker name that is still true
/// ("Git, SELinux and more": terms at least two members hold). Deterministic: ties are broken alphabetically.
struct ClusterNamer {
    /// One bookmark's title words (in punctuation-separated chunks) and tags.
    struct Document {
        let chunks: [[String]]
        let tags: [String]
    }

    /// A cluster's name (1–4 words, Title Case) and one-sentence description.
    struct Label: Equatable {
        let name: String
        let description: String
    }

    /// The share of members whose title or tags must hold each word of a name.
    static let nameShare = 0.4

    private let documentTerms: [Set<String>]
    private let documentTags: [Set<String>]
    private let globalFrequency: [String: Int]
    private let forms: [String: String]

    /// A namer for these documents; `originalTexts` (titles as written) say how words like NASA or SELinux are written.
    init(documents: [Document], originalTexts: [String]) {
        documentTags = documents.map { Set($0.tags.map { TagVocabulary.words(of: $0).lowercased() }.filter { !$0.isEmpty }) }
        documentTerms = zip(documents, documentTags).map { document, tags in Self.terms(document).union(tags) }
        var frequency: [String: Int] = [:]
        for terms in documentTerms { for term in terms { frequency[term, default: 0] += 1 } }
        globalFrequency = frequency
        forms = Self.writtenForms(in: originalTexts)
    }

    /// Labels for `clusters` (member indices), in the same order; names are unique.
    func labels(for clusters: [[Int]]) -> [Label] {
        var used = Set<String>()
        return clusters.enumerated().map { number, members in
            let ranked = rankedTerms(members)
            let strong = ranked.filter { $0.share >= Self.nameShare }
            let name: String
            let shared = ranked.filter { $0.count >= 2 }.map(\.term)
            if strong.isEmpty {
                name = weakName(shared, used: &used)
            } else {
                name = strongName(strong.map(\.term), shared: shared, used: &used)
            }
            return Label(name: name, description: describe(members: members, ranked: ranked))
        }
    }

    /// Terms of a cluster, best first: their weight, how many members hold them and that share.
    func rankedTerms(_ members: [Int]) -> [(term: String, weight: Double, count: Int, share: Double)] {
        var frequency: [String: Int] = [:]
        for member in members { for term in documentTerms[member] { frequency[term, default: 0] += 1 } }
        let total = Double(documentTerms.count)
        let outsideCount = Double(max(1, documentTerms.count - members.count))
        var ranked: [(term: String, weight: Double, count: Int, share: Double)] = []
        for (term, inside) in frequency {
            let global = globalFrequency[term] ?? inside
            let share = Double(inside) / Double(members.count)
            let outsideShare = Double(global - inside) / outsideCount
            let rarity = log(1 + total / Double(global))
            let contrast = share / (share + outsideShare)
            ranked.append((term, share * rarity * contrast * (term.contains(" ") ? 1.2 : 1), inside, share))
        }
        return ranked.sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.term < $1.term }
    }

    /// The first unused of: the best term (a phrase of it when one qualifies too) with the next term sharing no word
    /// ("Oil & Opec"), the phrase alone, the next terms likewise; then the best term with a term fewer members share
    /// ("Python, Django and More"), then the best term numbered.
    private func strongName(_ terms: [String], shared: [String], used: inout Set<String>) -> String {
        let top = Array(terms.prefix(8))
        for (index, term) in top.enumerated() {
            var words = term.split(separator: " ").map(String.init)
            if words.count == 1, let phrase = top.first(where: { $0.contains(" ") && $0.split(separator: " ").contains(Substring(term)) }) {
                words = phrase.split(separator: " ").map(String.init)
            }
            var options: [[String]] = []
            for next in top where next != term {
                let nextWords = next.split(separator: " ").map(String.init)
                guard words.count + nextWords.count <= 3, !Self.overlap(words, nextWords) else { continue }
                options.append(words + ["&"] + nextWords)
            }
            options.insert(words, at: words.count >= 2 || options.isEmpty ? 0 : min(1, options.count))
            if index == 0, words.count == 1, let pair = options.first(where: { $0.contains("&") }) {
                options.removeAll { $0 == pair }
                options.insert(pair, at: 0)
            }
            for option in options {
                let name = titleCase(option)
                if used.insert(name).inserted { return name }
            }
        }
        let best = top[0].split(separator: " ").map(String.init)
        for other in shared.prefix(12) where !other.contains(" ") && !top.contains(other) && !Self.overlap(best, [other]) {
            let name = titleCase(best) + ", " + titleCase([other]) + " and More"
            if used.insert(name).inserted { return name }
        }
        return numbered(titleCase(best), used: &used)
    }

    /// "A, B and more" from terms some members hold (each at least twice), or "Assorted bookmarks".
    private func weakName(_ terms: [String], used: inout Set<String>) -> String {
        var picked: [String] = []
        for term in terms where !term.contains(" ") && picked.count < 2 {
            if !Self.overlap(picked, [term]) { picked.append(term) }
        }
        let base = picked.isEmpty ? "Assorted Bookmarks" : picked.map { titleCase([$0]) }.joined(separator: ", ") + " and More"
        return used.insert(base).inserted ? base : numbered(base, used: &used)
    }

    /// True when a word of `a` and one of `b` say the same: one stem, one a prefix of the other ("python3", "doc" and
    /// "documentation"), or the same first three letters ("libs", "library").
    static func overlap(_ a: [String], _ b: [String]) -> Bool {
        a.contains { x in
            b.contains { y in
                Stemmer.stem(x) == Stemmer.stem(y) || x.hasPrefix(y) || y.hasPrefix(x)
                    || (x.count >= 3 && y.count >= 3 && x.prefix(3) == y.prefix(3))
            }
        }
    }

    private func numbered(_ base: String, used: inout Set<String>) -> String {
        var number = 2
        while !used.insert("\(base) (\(number))").inserted { number += 1 }
        return "\(base) (\(number))"
    }

    /// "142 bookmarks; rust in 100% of titles and tags, serde in 45%, mostly tagged rust." — only shares that hold.
    private func describe(members: [Int], ranked: [(term: String, weight: Double, count: Int, share: Double)]) -> String {
        var sentence = "\(members.count) bookmarks"
        let shown = ranked.filter { $0.count >= 2 }.prefix(3)
        if !shown.isEmpty {
            let parts = shown.enumerated().map { index, entry in
                let term = entry.term.split(separator: " ").map { forms[String($0)] ?? String($0) }.joined(separator: " ")
                let percent = Int((entry.share * 100).rounded())
                return index == 0 ? "\(term) in \(percent)% of titles and tags" : "\(term) in \(percent)%"
            }
            sentence += "; " + parts.joined(separator: ", ")
        }
        if let tag = commonTag(members) { sentence += ", mostly tagged \(tag)" }
        return sentence + "."
    }

    /// The tag most members carry, when it is distinctive (over half the members, and less than half as common
    /// among the other bookmarks).
    func commonTag(_ members: [Int]) -> String? {
        var inside: [String: Int] = [:]
        for member in members { for tag in documentTags[member] { inside[tag, default: 0] += 1 } }
        let outsideCount = Double(max(1, documentTags.count - members.count))
        let ranked = inside.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        for (tag, count) in ranked {
            let share = Double(count) / Double(members.count)
            guard share > 0.5, count >= 2 else { break }
            let outside = Double(documentTags.filter { $0.contains(tag) }.count - count)
            if outside / outsideCount < share / 2 { return tag }
        }
        return nil
    }

    private func titleCase(_ words: [String]) -> String {
        words.map { word in
            if let form = forms[word] { return form }
            guard let first = word.first else { return word }
            return first.uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }

    /// Unigrams and bigrams of a title that can name something: letters, no stop words, 3+ characters.
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

    /// How words written with capitals beyond their first letter are usually written ("NASA", "SELinux", "GitHub"),
    /// keyed by the lower-case word: only when that form is the most common one, in texts that are not all capitals.
    private static func writtenForms(in texts: [String]) -> [String: String] {
        var counts: [String: [String: Int]] = [:]
        for text in texts where text.contains(where: \.isLowercase) {
            for word in text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) where word.count >= 2 && word.count <= 25 {
                let form = String(word)
                let plain = form.lowercased()
                let special = form.dropFirst().contains(where: \.isUppercase) && (form.count <= 6 || !form.allSatisfy(\.isUppercase))
                counts[plain, default: [:]][special ? form : plain, default: 0] += 1
            }
        }
        var forms: [String: String] = [:]
        for (plain, seen) in counts {
            guard let best = seen.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }),
                  best.key != plain, best.value >= 2 else { continue }
            forms[plain] = best.key
        }
        return forms
    }
}
