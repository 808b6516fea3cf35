import MarksCore
import MarksEngine

/// Tag suggestions for the share card from the AI engine (the seeds' `TagSuggester`): the engine's tags for
/// the page's title and text, preferring the user's vocabulary. An engine that cannot be made or that fails throws;
/// the share flow then shows the vocabulary matches with a warning saying why there are no AI suggestions.
public enum AITagSuggester {
    /// A `ShareService.SuggestTags` over an engine made on first use.
    public static func suggestions(engine makeEngine: @escaping @Sendable () throws -> any AIEngine) -> ShareService.SuggestTags {
        { url, title, text, vocabulary in
            let engine = try makeEngine()
            let request = EnrichRequest(url: url, title: title.isEmpty ? nil : title, text: text.isEmpty ? nil : text,
                                        vocabulary: vocabulary)
            return try await engine.enrich(request).tags
        }
    }
}
