/// What an import of a bookmark file (Netscape, or another service's export) did: entries read, bookmarks created and updated, entries skipped,
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

    /// A report.
    public init(read: Int, created: Int, updated: Int, skipped: Int, problems: [Problem], throughAPI: Bool, trimmed: Int = 0) {
        self.read = read
        self.created = created
        self.updated = updated
        self.skipped = skipped
        self.problems = problems
        self.throughAPI = throughAPI
        self.trimmed = trimmed
    }
}
