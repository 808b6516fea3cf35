import MarksCore

/// A file's entry made ready for the store's import on another thread than the store's: its URL's normalised form (the
/// key that decides whether it is already stored or repeats an earlier entry) and what the validator says of it.
/// `EmbeddedBookmarkSource.bulkImport` prepares each part on a thread of its own while the store writes the last one.
public struct ImportEntry: Sendable {
    public let entry: NetscapeEntry
    /// The URL's normalised form (`URLNormalizer`): the key the import matches stored bookmarks and repeats by.
    public let normalized: String
    /// Why the store refuses the entry (its URL or title), or nil.
    public let problem: String?

    /// `entry`, prepared.
    public init(_ entry: NetscapeEntry) {
        self.entry = entry
        normalized = URLNormalizer.normalize(entry.url)
        do {
            _ = try BookmarkValidator.validate(url: entry.url, urlRequired: true, title: entry.title, description: nil,
                                               notes: nil, tagNames: nil)
            problem = nil
        } catch {
            problem = error.message
        }
    }
}
