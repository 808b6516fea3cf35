import Foundation

/// Says a read came from the local copy (the cache in `marks.sqlite`) because the bookmark source could not be
/// reached, and how old that copy is.
public struct OfflineCopy: Sendable, Equatable {
    /// When the copy was last brought in step with the server by a sync; nil when it never was (the copy then holds
    /// only what earlier lists and saves put there).
    public var syncedAt: Date?
    /// Why the server was not used, in the source error's words.
    public var reason: String

    /// A notice.
    public init(syncedAt: Date?, reason: String) {
        self.syncedAt = syncedAt
        self.reason = reason
    }
}
