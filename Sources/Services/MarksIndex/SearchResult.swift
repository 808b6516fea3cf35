/// One result of `SearchService`: the indexed bookmark (enough to draw a row) and how it was found.
public struct SearchResult: Sendable, Equatable, Encodable {
    /// The bookmark as the index holds it.
    public var document: IndexedDocument
    /// Its scores and legs.
    public var hit: SearchHit

    /// A result value.
    public init(document: IndexedDocument, hit: SearchHit) {
        self.document = document
        self.hit = hit
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, url, domain, title, description, notes, summary, tags, aiTags = "ai_tags", unread, archived
        case score, legs, keywordRank = "keyword_rank", vectorRank = "vector_rank", vectorScore = "vector_score"
        case snippet, matchedIn = "matched_in"
    }

    /// Flat JSON: the bookmark's fields, then `score`, `legs` (`["keyword", "vector"]`), the per-leg ranks and, for
    /// a keyword match, `snippet` (the words around it) and `matched_in` (`fields` or `page`).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(document.id, forKey: .id)
        try c.encode(document.id < 0 ? "source" : "bookmark", forKey: .kind)
        try c.encode(document.url, forKey: .url)
        try c.encode(document.domain, forKey: .domain)
        try c.encode(document.title, forKey: .title)
        try c.encode(document.description, forKey: .description)
        try c.encode(document.notes, forKey: .notes)
        try c.encode(document.aiSummary, forKey: .summary)
        try c.encode(document.tagNames, forKey: .tags)
        try c.encode(document.aiTags, forKey: .aiTags)
        try c.encode(document.unread, forKey: .unread)
        try c.encode(document.archived, forKey: .archived)
        try c.encode(hit.score, forKey: .score)
        try c.encode(legNames, forKey: .legs)
        try c.encode(hit.keywordRank, forKey: .keywordRank)
        try c.encode(hit.vectorRank, forKey: .vectorRank)
        try c.encode(hit.vectorScore, forKey: .vectorScore)
        try c.encodeIfPresent(hit.snippet?.plainText, forKey: .snippet)
        try c.encodeIfPresent(hit.snippet?.place.rawValue, forKey: .matchedIn)
    }

    /// The legs that found it, by name.
    public var legNames: [String] {
        (hit.legs.contains(.keyword) ? ["keyword"] : []) + (hit.legs.contains(.vector) ? ["vector"] : [])
    }
}
