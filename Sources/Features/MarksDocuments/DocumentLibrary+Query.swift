import Foundation

extension DocumentLibrary {
    /// The sources a search box's query finds (`marks search`, the web app's Search tab): its plain words matched in
    /// title, tags, text and filename, `#tag` words and `tag` matching tags; linkding's operators (`and`, `or`, `not`,
    /// `!unread`) do not apply to sources and are left out. Best first; empty when the query has neither words nor tags.
    public func matches(_ query: String, tag: String? = nil, limit: Int = 50) throws -> [DocumentSummary] {
        let tokens = query.split(whereSeparator: \.isWhitespace).map(String.init)
        let operators: Set<String> = ["and", "or", "not"]
        var tags = tokens.filter { $0.hasPrefix("#") && $0.count > 1 }.map { String($0.dropFirst()).lowercased() }
        if let tag { tags.append(tag.trimmingCharacters(in: CharacterSet(charactersIn: "# ")).lowercased()) }
        let words = tokens.filter { !$0.hasPrefix("#") && !$0.hasPrefix("!") && !operators.contains($0.lowercased()) }.joined(separator: " ")
        let found: [DocumentSummary]
        if Self.words(words).isEmpty {
            guard !tags.isEmpty else { return [] }
            found = try list()
        } else {
            found = try search(words, limit: limit)
        }
        return Array(found.filter { source in tags.allSatisfy { tag in source.tags.contains { $0.lowercased() == tag } } }.prefix(limit))
    }
}
