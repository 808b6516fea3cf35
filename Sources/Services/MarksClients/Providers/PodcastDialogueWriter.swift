import MarksCore

/// Asks the configured language model for a two-voice podcast dialogue about an article: host and guest, grounded
/// in the text, quoting only word for word. The answer comes back unchecked; `DialogueScriptBuilder` (MarksCore)
/// checks its structure, length and every quote against the article before anything is spoken.
public struct PodcastDialogueWriter: Sendable {
    /// Article text beyond this many characters is not sent (the dialogue then covers its first part).
    public static let maximumTextCharacters = 40_000
    /// The answer's token budget: about 1,500 words of dialogue, ten minutes.
    public static let maximumTokens = 4_096

    private let client: any ProviderClient

    /// A writer asking `client` (made with `maximumTokens` at least `maximumTokens`, and a timeout that allows a
    /// long answer).
    public init(client: any ProviderClient) {
        self.client = client
    }

    /// `"anthropic:<model>"`: who wrote the dialogue.
    public var engineName: String { client.engineName }

    /// The model's dialogue about `source`, as it answered.
    public func write(_ source: NarrationSource) async throws(ProviderError) -> String {
        try await client.complete(Self.prompt(source))
    }

    /// The prompt for `source`.
    public static func prompt(_ source: NarrationSource) -> ProviderPrompt {
        let system = """
            You write the script of a short two-person podcast episode about one article, for text-to-speech. The \
            host introduces the article and asks questions; the guest explains what the article says. Answer with one \
            JSON object and nothing else:
            {"turns": [{"speaker": "host" or "guest", "topic": "<a short chapter title>", "text": "<what they say>"}]}
            Rules: 12 to 40 turns, 600 to 1500 words in all; the host speaks first; nobody has more than three turns in \
            a row; each turn at most 1200 characters of plain spoken sentences (no markup, no lists, no URLs, no stage \
            directions). Use only facts from the article and do not invent anything. Put double quotes ONLY around words \
            copied exactly from the article; never put quotes around a paraphrase, a title or anything else. Keep the \
            article's language. Reuse one "topic" for consecutive turns on the same subject.
            """
        var lines: [String] = []
        if let title = source.title, !title.isEmpty { lines.append("Title: \(title.prefix(500))") }
        switch source.origin {
        case .article(let site): if !site.isEmpty { lines.append("Site: \(site)") }
        case .source(let kind): lines.append("A \(kind) from the listener's own notes")
        }
        if let language = source.language { lines.append("Language: \(language.prefix(35))") }
        let text = DialogueScriptBuilder.articleText(source)
        lines.append("")
        lines.append(text.count > maximumTextCharacters ? "Article (its first part):" : "Article:")
        lines.append(String(text.prefix(maximumTextCharacters)))
        return ProviderPrompt(system: system, user: lines.joined(separator: "\n"), maximumTokens: maximumTokens)
    }
}
