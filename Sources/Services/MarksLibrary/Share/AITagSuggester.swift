import MarksCore
import MarksEngine

/// Tag suggestions for the share card from the AI engine (the seeds' `TagSuggester`): the engine's tags for
/// the page's title and text, preferring the user's vocabulary. Suggestions are optional — an engine that cannot
/// be made or that fails yields none, and the card still shows the vocabulary matches.
public enum AITagSuggester {
    /// A `ShareService.SuggestTags` over an engine made on first use.
    public static func suggestions(engine makeEngine: @escaping @Sendable () throws -> any AIEngine) -> ShareService.SuggestTags {
        { url, title, text, vocabulary in
            do {
                let engine = try makeEngine()
                let request = EnrichRequest(url: url, title: title.isEmpty ? nil : title, text: text.isEmpty ? nil : text,
                                            vocabulary: vocabulary)
                return try await engine.enrich(request).tags
            } catch {
                return []
            }
        }
    }
}
