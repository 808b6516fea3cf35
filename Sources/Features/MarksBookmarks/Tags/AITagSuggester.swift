import MarksCore
import MarksEngine

/// Tag suggestions for the share card (the seeds' `TagSuggester`) through the one `TagSuggester`: the tags of the
/// person's most similar tagged bookmarks, else the AI engine's tags for the page's title and text (preferring the
/// vocabulary). Without a suggester (no index) the engine's tags alone, cleaned the same way. An engine that cannot
/// be made or that fails throws when it is needed; the share flow then shows the vocabulary matches with a warning.
public enum AITagSuggester {
    /// A `ShareService.SuggestTags` (MarksShare) over `suggester` and an engine made on first use.
    public static func suggestions(suggester: TagSuggester? = nil,
                                   engine makeEngine: @escaping @Sendable () throws -> any AIEngine)
        -> @Sendable (_ page: TagSuggester.Page, _ vocabulary: [String]) async throws -> TagSuggester.Suggestions {
        { page, vocabulary in
            let fallback: () async throws -> [String] = {
                let engine = try makeEngine()
                let request = EnrichRequest(url: page.url, title: page.title.isEmpty ? nil : page.title,
                                            text: page.text.isEmpty ? nil : page.text, vocabulary: vocabulary)
                return try await engine.enrich(request).tags
            }
            if let suggester { return try await suggester.suggest(page, fallback: fallback) }
            let tags = TagSuggester.cleaned(try await fallback(), excluding: page.tags)
            return TagSuggester.Suggestions(tags: tags, origin: tags.isEmpty ? .none : .engine, warnings: [])
        }
    }
}
