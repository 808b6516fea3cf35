import Foundation

/// How a sync pages and when it walks the full list.
public struct SyncOptions: Sendable, Equatable {
    /// Page size for every walk (linkding has no maximum; fewer, larger pages are faster).
    public var pageSize: Int
    /// Subtracted from the watermark for `modified_since`, so a write committed late (its `date_modified` a little
    /// older than one already seen) is not missed. Items seen again compare equal and are not counted.
    public var overlap: TimeInterval
    /// A full walk at least this often, whatever the counts say.
    public var fullReconcileInterval: TimeInterval
    /// More bookmarks than this carrying deleted tags are re-fetched by a full walk instead of one by one.
    public var maxRefetch: Int

    /// Options; the defaults suit a linkding server and libraries up to 100k bookmarks.
    public init(pageSize: Int = 1000, overlap: TimeInterval = 60, fullReconcileInterval: TimeInterval = 86_400, maxRefetch: Int = 50) {
        self.pageSize = max(1, pageSize)
        self.overlap = max(0, overlap)
        self.fullReconcileInterval = fullReconcileInterval
        self.maxRefetch = maxRefetch
    }
}
