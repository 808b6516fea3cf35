extension StringProtocol {
    /// The text without white space (and line breaks) at either end; the text itself, uncopied, when it has none —
    /// the common case, and Foundation's `trimmingCharacters` costs microseconds a call on Linux, which a 100,000-row
    /// export calls several times a row.
    var importTrimmed: String {
        guard let first = first, let last = last else { return "" }
        if !first.isWhitespace && !last.isWhitespace { return String(self) }
        guard let start = firstIndex(where: { !$0.isWhitespace }), let end = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[start...end])
    }
}

extension String {
    /// The text without the quotes (`'` or `"`) around it, as a Python or JSON list writes a name.
    var trimmingQuotes: String {
        guard let first = first, first == "'" || first == "\"" || last == "'" || last == "\"" else { return self }
        return String(drop { $0 == "'" || $0 == "\"" }.reversed().drop { $0 == "'" || $0 == "\"" }.reversed()).importTrimmed
    }
}
