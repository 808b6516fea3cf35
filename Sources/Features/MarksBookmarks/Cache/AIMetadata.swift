import Foundation

/// What AI enrichment stored for one bookmark: a short summary, tags, the engine that made them, and when.
/// Kept locally by bookmark id (never sent to linkding); the summary is mirrored by URL for podcasts and lists.
public struct AIMetadata: Sendable, Equatable {
    public var summary: String?
    public var tags: [String]
    /// Which engine produced it (`"offline"`, a provider and model), as the engine reports it.
    public var engine: String
    public var updatedAt: Date

    /// AI metadata for a bookmark.
    public init(summary: String?, tags: [String], engine: String, updatedAt: Date) {
        self.summary = summary
        self.tags = tags
        self.engine = engine
        self.updatedAt = updatedAt
    }
}
