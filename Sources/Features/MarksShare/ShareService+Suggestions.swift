import MarksCore
import MarksBookmarks

extension ShareService {
    /// Fills `suggestedTags` (at most five, none already on the card) through `suggestTags` — the person's similar
    /// bookmarks' tags, else the AI engine's, spelled as in the vocabulary. Without it, or when it fails (with a
    /// warning saying why), the person's own tags whose words appear in the title, URL or notes.
    func addSuggestions(to draft: inout ShareDraft) async {
        let vocabulary: [String]
        do {
            vocabulary = try await readVocabulary()
        } catch {
            draft.warnings.append("Tag suggestions from your tags are unavailable: \(Self.describe(error))")
            vocabulary = []
        }
        let keywordMatches = VocabularyTagMatcher.matches(vocabulary: vocabulary, texts: [draft.title, draft.notes, draft.description],
                                                          url: draft.url, excluding: draft.tags)
        var suggestions: [String]
        if let suggest = suggestTags {
            let text = [draft.notes, draft.description].filter { !$0.isEmpty }.joined(separator: "\n\n")
            let spelled = Dictionary(vocabulary.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
            do {
                let result = try await suggest(TagSuggester.Page(url: draft.url, title: draft.title, text: text, tags: draft.tags,
                                                                 bookmarkID: draft.existing?.id), vocabulary)
                suggestions = result.tags.map { spelled[$0.lowercased()] ?? $0 }
                draft.warnings += result.warnings.map { "Tag suggestions: \($0)" }
            } catch {
                draft.warnings.append("AI tag suggestions are unavailable: \(Self.describe(error))")
                suggestions = keywordMatches
            }
        } else {
            suggestions = keywordMatches
        }
        draft.suggestedTags = TagSuggester.cleaned(suggestions, excluding: draft.tags)
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
