/// What an import of a bookmark file (Netscape, or another service's export) did: entries read, bookmarks created,
/// updated and left unchanged, highlights added, entries skipped,
/// and every problem by line (a skipped entry, a kept one with an unreadable date, a field trimmed to fit linkding).
public struct ImportReport: Sendable, Equatable, Codable {
    /// One problem, at a line of the file when it is known.
    public struct Problem: Sendable, Equatable, Codable {
        public var line: Int?
        public var url: String?
        public var message: String

        /// A problem.
        public init(line: Int?, url: String? = nil, message: String) {
            self.line = line
            self.url = url
            self.message = message
        }
    }

    /// Bookmarks read from the file (entries the parser kept).
    public var read: Int
    public var created: Int
    public var updated: Int
    /// Entries not imported: skipped while reading (no usable address) or refused on saving.
    public var skipped: Int
    /// Problems in line order (those without a line last).
    public var problems: [Problem]
    /// True when the bookmarks went to a linkding server one by one (else in one transaction into the embedded store).
    public var throughAPI: Bool
    /// Entries saved with a field trimmed to linkding's limits (each trim is one of `problems`).
    public var trimmed: Int
    /// Entries whose bookmark was already saved as the file has it: nothing written.
    public var unchanged: Int
    /// Highlights the file carried that were added, and those already there (left as they were).
    public var highlights: ImportedHighlightStore.Counts

    /// A report.
    public init(read: Int, created: Int, updated: Int, skipped: Int, problems: [Problem], throughAPI: Bool, trimmed: Int = 0,
                unchanged: Int = 0, highlights: ImportedHighlightStore.Counts = ImportedHighlightStore.Counts()) {
        self.read = read
        self.created = created
        self.updated = updated
        self.skipped = skipped
        self.problems = problems
        self.throughAPI = throughAPI
        self.trimmed = trimmed
        self.unchanged = unchanged
        self.highlights = highlights
    }

    /// What the import did, in words: "2 new, 1 updated, 3 unchanged, 1 skipped." (the unchanged, skipped and trimmed
    /// when there were any), then the highlights when the file had some ("4 highlights added, 1 already there.").
    public var summary: String {
        var text = "\(created) new, \(updated) updated"
        if unchanged > 0 { text += ", \(unchanged) unchanged" }
        if skipped > 0 { text += ", \(skipped) skipped" }
        if trimmed > 0 { text += ", \(trimmed) trimmed to fit linkding" }
        text += "."
        if highlights.added + highlights.unchanged > 0 {
            text += " \(highlights.added) highlights added, \(highlights.unchanged) already there."
        }
        return text
    }

    private enum CodingKeys: String, CodingKey {
        case read, created, updated, skipped, problems, throughAPI, trimmed, unchanged, highlightsAdded, highlightsUnchanged
    }

    /// A report as encoded (one written before a field was added reads it as 0).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        read = try c.decode(Int.self, forKey: .read)
        created = try c.decode(Int.self, forKey: .created)
        updated = try c.decode(Int.self, forKey: .updated)
        skipped = try c.decode(Int.self, forKey: .skipped)
        problems = try c.decode([Problem].self, forKey: .problems)
        throughAPI = try c.decode(Bool.self, forKey: .throughAPI)
        trimmed = try c.decodeIfPresent(Int.self, forKey: .trimmed) ?? 0
        unchanged = try c.decodeIfPresent(Int.self, forKey: .unchanged) ?? 0
        highlights = ImportedHighlightStore.Counts(added: try c.decodeIfPresent(Int.self, forKey: .highlightsAdded) ?? 0,
                                                   unchanged: try c.decodeIfPresent(Int.self, forKey: .highlightsUnchanged) ?? 0)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(read, forKey: .read)
        try c.encode(created, forKey: .created)
        try c.encode(updated, forKey: .updated)
        try c.encode(skipped, forKey: .skipped)
        try c.encode(problems, forKey: .problems)
        try c.encode(throughAPI, forKey: .throughAPI)
        try c.encode(trimmed, forKey: .trimmed)
        try c.encode(unchanged, forKey: .unchanged)
        try c.encode(highlights.added, forKey: .highlightsAdded)
        try c.encode(highlights.unchanged, forKey: .highlightsUnchanged)
    }
}
