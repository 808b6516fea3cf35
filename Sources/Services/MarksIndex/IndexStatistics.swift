/// How full the index is.
public struct IndexStatistics: Sendable, Equatable, Codable {
    /// Bookmarks in the index (archived ones included).
    public var documents: Int
    /// Of those, archived ones.
    public var archived: Int
    /// Distinct texts that have no vector yet.
    public var pendingTexts: Int
    /// Vectors in the cache (including ones no bookmark uses any more).
    public var storedVectors: Int

    /// Statistics from their parts.
    public init(documents: Int, archived: Int, pendingTexts: Int, storedVectors: Int) {
        self.documents = documents
        self.archived = archived
        self.pendingTexts = pendingTexts
        self.storedVectors = storedVectors
    }
}
