import Foundation

/// How a bookmark's AI tags relate to its own (linkding) tags and its AI summary to its own text.
extension Bookmark {
    /// The AI tags that are not already one of its linkding tags (names compared case-insensitively), in order:
    /// what the web app marks ✦ and counts as "AI" on the Tags tab.
    public var suggestedTags: [String] {
        Self.suggestedTags(aiTags, besides: tagNames)
    }

    /// `suggestedTags` of a bookmark with these AI tags and linkding tags.
    public static func suggestedTags(_ aiTags: [String], besides tagNames: [String]) -> [String] {
        let own = Set(tagNames.map { $0.lowercased() })
        var seen = Set<String>()
        return aiTags.filter { !own.contains($0.lowercased()) && seen.insert($0.lowercased()).inserted }
    }

    /// True when the bookmark carries `tag` as a linkding tag or an AI tag (case-insensitively).
    public func carries(tag: String) -> Bool {
        let folded = tag.lowercased()
        return tagNames.contains { $0.lowercased() == folded } || aiTags.contains { $0.lowercased() == folded }
    }

    /// The AI summary worth showing under that label: nil when empty or when it is only the opening of the
    /// description or notes — the same text, or its first sentences (what an engine gives for a page it could not
    /// read), compared without case and white space, a closing "…" of a cut ignored — so the person's own words
    /// are never shown again as an "AI summary".
    public var distinctAISummary: String? {
        guard let summary = aiSummary else { return nil }
        var folded = Self.comparable(summary)
        if folded.hasSuffix("…") { folded = String(folded.dropLast()).trimmingCharacters(in: .whitespaces) }
        guard !folded.isEmpty else { return nil }
        for own in [description, notes] where Self.comparable(own).hasPrefix(folded) { return nil }
        return summary
    }

    private static func comparable(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }
}
