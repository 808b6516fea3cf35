import MarksCore

extension ShareService {
    /// Fills `suggestedTags`: the person's own tags whose words appear in the title, URL or notes, then the
    /// AI engine's tags (spelled as in the vocabulary when they match one), none already on the card.
    func addSuggestions(to draft: inout ShareDraft) async {
        let vocabulary: [String]
        do {
            vocabulary = try await readVocabulary()
        } catch {
            draft.warnings.append("Tag suggestions from your tags are unavailable: \(Self.describe(error))")
            vocabulary = []
        }
        var suggestions = VocabularyTagMatcher.matches(vocabulary: vocabulary, texts: [draft.title, draft.notes, draft.description],
                                                       url: draft.url, excluding: draft.tags)
        if let suggest = suggestTags {
            let text = [draft.notes, draft.description].filter { !$0.isEmpty }.joined(separator: "\n\n")
            let spelled = Dictionary(vocabulary.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
            do {
                let ai = TagNames.parse(try await suggest(draft.url, draft.title, text, vocabulary).prefix(20).joined(separator: ","))
                suggestions += ai.map { spelled[$0.lowercased()] ?? $0 }
            } catch {
                draft.warnings.append("AI tag suggestions are unavailable: \(Self.describe(error))")
            }
        }
        let present = Set(draft.tags.map { $0.lowercased() })
        var seen = Set<String>()
        draft.suggestedTags = suggestions.filter { !present.contains($0.lowercased()) && seen.insert($0.lowercased()).inserted }
    }

    /// The person's tags, page by page, up to `vocabularyLimit`.
    private func readVocabulary() async throws -> [String] {
        var names: [String] = []
        var offset = 0
        let pageSize = 1000
        while names.count < Self.vocabularyLimit {
            let page = try await library.source.tags(limit: pageSize, offset: offset)
            names += page.results.map(\.name)
            guard page.next != nil, !page.results.isEmpty else { break }
            offset += page.results.count
        }
        return Array(names.prefix(Self.vocabularyLimit))
    }

    static func describe(_ error: Error) -> String {
        if let error = error as? BookmarkSourceError { return error.message }
        return String(describing: error)
    }
}
