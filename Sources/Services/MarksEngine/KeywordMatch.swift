/// The query's words (stemmed, stop words dropped unless nothing else is left) for the title bonus.
struct KeywordMatch {
    private let phrase: String
    private let stems: Set<String>

    init(query: String) {
        let words = WordTokenizer.words(query)
        phrase = words.joined(separator: " ")
        let content = words.filter { !StopWords.contains($0) }
        stems = Set((content.isEmpty ? words : content).map(Stemmer.stem))
    }

    /// `phrase` when the whole query appears in the title, else `words` × the share of query words in it.
    func bonus(title: String, phrase phraseBonus: Double, words wordBonus: Double) -> Double {
        guard !stems.isEmpty else { return 0 }
        let titleWords = WordTokenizer.words(title)
        if !phrase.isEmpty, (" " + titleWords.joined(separator: " ") + " ").contains(" " + phrase + " ") { return phraseBonus }
        let titleStems = Set(titleWords.map(Stemmer.stem))
        return wordBonus * Double(stems.intersection(titleStems).count) / Double(stems.count)
    }
}
