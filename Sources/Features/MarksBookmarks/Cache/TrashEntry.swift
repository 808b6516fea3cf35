import Foundation
import MarksCore

/// One deleted bookmark in the library's trash (for a source without its own): the whole bookmark and where its
/// delete is on the way to the linkding server.
public struct TrashEntry: Sendable, Equatable {
    /// Where the delete is.
    public enum State: String, Sendable, Equatable {
        /// Waiting for the undo window to close; an undo now sends nothing.
        case pending
        /// The DELETE is going out right now.
        case sending
        /// The server deleted it; a restore creates it again (with a new id).
        case sent
    }

    /// The bookmark as it was when it was deleted.
    public var bookmark: Bookmark
    /// When it was deleted.
    public var deletedAt: Date
    /// Where its delete is.
    public var state: State

    /// An entry from its parts.
    public init(bookmark: Bookmark, deletedAt: Date, state: State) {
        self.bookmark = bookmark
        self.deletedAt = deletedAt
        self.state = state
    }

    /// The entry as the trash view shows it.
    public var trashed: TrashedBookmark {
        TrashedBookmark(bookmark: bookmark, deletedAt: deletedAt, restore: state == .sent ? .recreate : .exact)
    }
}
