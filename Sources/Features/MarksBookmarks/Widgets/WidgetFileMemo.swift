import Foundation
import MarksCore
import Synchronization
import SystemSupport

/// The bookmarks widget file as last read or written by this process, with the stamp of the file it came from:
/// every list load compares its newest bookmarks with the file, and the home cards show it, so without this memo
/// each load read and decoded the JSON twice. A file changed since (by any process) has another stamp and is read.
final class WidgetFileMemo: Sendable {
    private let entry = Mutex<(stamp: FileStamp, bookmarks: WidgetSnapshot.Bookmarks)?>(nil)

    /// The remembered contents when the file still has `stamp`.
    func bookmarks(matching stamp: FileStamp) -> WidgetSnapshot.Bookmarks? {
        entry.withLock { $0.flatMap { $0.stamp == stamp ? $0.bookmarks : nil } }
    }

    /// Remembers what the file with `stamp` holds.
    func remember(_ bookmarks: WidgetSnapshot.Bookmarks, stamp: FileStamp) {
        entry.withLock { $0 = (stamp, bookmarks) }
    }
}
