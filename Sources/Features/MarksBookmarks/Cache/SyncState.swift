import Foundation

/// Where the last sync of one source left off: the `modified_since` watermark (the newest `date_modified` the
/// server has shown, by the server's clock), when it ran, when the cache was last checked against the full list,
/// and the server's tag vocabulary then (to notice tags deleted without bumping their bookmarks).
public struct SyncState: Sendable, Equatable {
    public var modifiedWatermark: Date?
    public var lastSync: Date
    /// nil when the next sync must walk the full list (never done, or asked for after an import).
    public var lastFullReconcile: Date?
    public var tagVocabulary: [String]

    /// A sync state.
    public init(modifiedWatermark: Date?, lastSync: Date, lastFullReconcile: Date?, tagVocabulary: [String]) {
        self.modifiedWatermark = modifiedWatermark
        self.lastSync = lastSync
        self.lastFullReconcile = lastFullReconcile
        self.tagVocabulary = tagVocabulary
    }
}
