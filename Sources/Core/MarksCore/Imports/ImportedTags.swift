/// Tag lists as the services write them, cleaned as linkding cleans a tag (spaces become `-`).
enum ImportedTags {
    /// Names separated by `separator` (Pocket's `|`, a comma elsewhere); a Python- or JSON-style list
    /// (`['a', 'b']`, `["a","b"]`) is read too.
    static func split(_ text: String, on separator: Character) -> [String] {
        guard !text.isEmpty else { return [] }
        var body = Substring(text.importTrimmed)
        if body.hasPrefix("[") && body.hasSuffix("]") { body = body.dropFirst().dropLast() }
        let pieces = body.split(separator: body.contains(separator) ? separator : ",").map {
            $0.importTrimmed.trimmingQuotes
        }
        return clean(pieces)
    }

    /// Names cleaned, blanks and repeats dropped.
    static func clean(_ names: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for name in names {
            for part in TagNames.parse(ImportedText.plain(name), spaceSeparates: false) where seen.insert(part.lowercased()).inserted {
                result.append(part)
            }
        }
        return result
    }
}
