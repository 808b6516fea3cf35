import MarksCore

/// The prompts the provider engine sends: each asks for exactly one JSON object of a fixed shape, which
/// `ModelAnswers` then checks.
enum ProviderPrompts {
    /// Page text beyond this many characters is not sent.
    static let maximumTextCharacters = 12_000
    /// Vocabulary tags beyond this many are not sent.
    static let maximumVocabulary = 300

    static func enrich(_ request: EnrichRequest) -> ProviderPrompt {
        let system = """
            You summarise and tag web pages for a bookmark manager. Answer with one JSON object and nothing else:
            {"summary": "<1 to 3 plain sentences, at most 300 characters>", "tags": ["<3 to 5 tags>"]}
            Tags are lower-case single words or hyphenated phrases. When one of the user's existing tags fits, use it \
            exactly as written. Base the summary only on the page; do not invent facts.
            """
        var lines = ["URL: \(request.url)"]
        if let title = request.title, !title.isEmpty { lines.append("Title: \(title.prefix(500))") }
        if let description = request.description, !description.isEmpty { lines.append("Description: \(description.prefix(2000))") }
        let vocabulary = (request.vocabulary ?? []).prefix(maximumVocabulary)
        if !vocabulary.isEmpty { lines.append("Existing tags: \(vocabulary.joined(separator: ", "))") }
        if let text = request.text, !text.isEmpty {
            lines.append("")
            lines.append("Page text:")
            lines.append(String(text.prefix(maximumTextCharacters)))
        }
        return ProviderPrompt(system: system, user: lines.joined(separator: "\n"), maximumTokens: 600)
    }

    static func rank(query: String, items: [RankItem]) -> ProviderPrompt {
        let system = """
            You rank a user's bookmarks by how well they match a search query, judging by meaning, not only words. \
            Answer with one JSON object and nothing else:
            {"results": [{"id": <bookmark id>, "score": <number from 0 to 1>}]}
            List every bookmark id you were given exactly once, most relevant first.
            """
        var lines = ["Query: \(query)", "", "Bookmarks (id | title | domain | summary):"]
        for item in items {
            lines.append("\(item.id) | \(oneLine(item.title)) | \(item.domain) | \(oneLine(item.summary ?? ""))")
        }
        return ProviderPrompt(system: system, user: lines.joined(separator: "\n"), maximumTokens: 20 * items.count + 200)
    }

    static func collections(_ items: [CollectionItem]) -> ProviderPrompt {
        let system = """
            You group a user's bookmarks into smart collections of related bookmarks. Answer with one JSON object and \
            nothing else:
            {"collections": [{"name": "<2 to 4 words in Title Case>", "description": "<one sentence>", "bookmark_ids": [<ids>]}]}
            Each bookmark belongs to at most one collection; a collection has at least 3 bookmarks; at most 12 collections. \
            Leave out bookmarks that fit no group.
            """
        var lines = ["Bookmarks (id | title | domain | tags | summary):"]
        for item in items {
            let tags = (item.tags ?? []).joined(separator: ", ")
            lines.append("\(item.id) | \(oneLine(item.title)) | \(item.domain) | \(tags) | \(oneLine(item.summary ?? ""))")
        }
        return ProviderPrompt(system: system, user: lines.joined(separator: "\n"), maximumTokens: 12 * items.count + 800)
    }

    /// `text` on one line, cut to 300 characters, with `|` (the column separator) replaced.
    private static func oneLine(_ text: String) -> String {
        String(text.split(whereSeparator: \.isNewline).joined(separator: " ").replacingOccurrences(of: "|", with: "/").prefix(300))
    }
}
