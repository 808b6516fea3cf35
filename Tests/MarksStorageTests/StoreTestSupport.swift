import MarksTestSupport
import Foundation
import MarksCore
import Synchronization
@testable import MarksStorage

/// A store on a fresh file in its own temp directory, removed when the fixture goes away.
final class StoreFixture {
    let directory: String
    let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))  // 2023-11-14T22:13:20Z
    let store: BookmarkStore

    init() throws {
        directory = NSTemporaryDirectory() + "marks-store-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let clock = clock
        store = try BookmarkStore(path: directory + "/marks.sqlite", now: { clock.now() })
    }

    var path: String { directory + "/marks.sqlite" }

    deinit {
        do {
            try FileManager.default.removeItem(atPath: directory)
        } catch {
            // A leftover temp directory is harmless; the test result is what matters.
        }
    }

    /// Creates a bookmark and moves the clock one second on, so dates differ between bookmarks.
    @discardableResult
    func add(_ url: String, title: String = "", description: String = "", notes: String = "", tags: [String] = [],
             unread: Bool = false, shared: Bool = false, archived: Bool = false) throws -> Bookmark {
        let bookmark = try store.create(BookmarkDraft(url: url, title: title, description: description, notes: notes,
                                                      isArchived: archived, unread: unread, shared: shared, tagNames: tags))
        clock.advance()
        return bookmark
    }

    /// Ids of a list, in order.
    func ids(_ query: BookmarkListQuery = BookmarkListQuery(), tagSearch: TagSearchMode = .strict) throws -> [Int] {
        try store.list(query, tagSearch: tagSearch).results.map(\.id)
    }

    /// Ids of the unarchived bookmarks matching a search, in list order.
    func search(_ q: String, tagSearch: TagSearchMode = .strict) throws -> [Int] {
        try ids(BookmarkListQuery(search: q, limit: 100_000), tagSearch: tagSearch)
    }
}
