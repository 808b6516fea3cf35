import Foundation
import MarksCore
import Testing
@testable import MarksBookmarks

/// A search naming a tag some bookmark carries as an AI tag is answered by the source for every other bookmark and
/// merged with the AI-tagged ones (issue 36 item 8: reading the whole cache took 1.2 s at 100k bookmarks): the pages,
/// counts and "Load more" links are those of evaluating the query over every cached bookmark, AI tags counted.
@Suite struct LibraryAITaggedPageTests {
    /// What the whole cache says: every live bookmark with AI tags counted, filtered, sorted, counted.
    private static func expected(_ f: LibraryFixture, _ search: String, unread: Bool, sort: BookmarkSort) throws -> [Int] {
        let expression = try #require(SearchQuery.parse(search))
        let matching = try f.cache.bookmarks(archived: false).filter { bookmark in
            var widened = bookmark
            widened.tagNames = bookmark.tagNames + bookmark.suggestedTags
            return (!unread || bookmark.unread) && expression.matches(widened, tagSearch: .strict)
        }
        return LibraryService.sorted(matching, by: sort).map(\.id)
    }

    @Test(arguments: SourceKind.allCases)
    func theMergedPagesAreThoseOfTheWholeCache(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind)
        for index in 0..<40 {
            let tags = index % 3 == 0 ? ["python"] : index % 5 == 0 ? ["rust"] : []
            _ = try f.add("https://example.com/\(index)", title: "\(["Zed", "alpha", "Mid"][index % 3]) server \(index)",
                          tags: tags, unread: index % 2 == 0, archived: index == 39)
        }
        _ = try await f.library.sync(full: true)
        // AI tags: python on bookmarks without it (some also rust), on one that has it already, and on the archived one.
        for id in [2, 5, 8, 11, 20, 40] {
            try await f.library.setAIMetadata(id: id, summary: nil, tags: ["Python", "extra"], engine: "test")
        }
        try await f.library.setAIMetadata(id: 4, summary: nil, tags: ["python"], engine: "test")
        let searches = ["#python", "#python server", "#python #rust", "#python or #rust", "#python and not #rust", "not #python"]
        for search in searches {
            for unread in [false, true] {
                for sort in [BookmarkSort.addedDesc, .addedAsc, .titleAsc] {
                    let want = try Self.expected(f, search, unread: unread, sort: sort)
                    var seen: [Int] = []
                    var page = try await f.library.load(LibraryFilter(search: search, unreadOnly: unread, sort: sort, limit: 4))
                    #expect(page.count == want.count, "\(search) \(unread) \(sort)")
                    seen += page.bookmarks.map(\.id)
                    while let next = page.next, seen.count < 100 {
                        page = try await f.library.loadMore(next)
                        #expect(page.count == want.count, "\(search) \(unread) \(sort) at \(seen.count)")
                        seen += page.bookmarks.map(\.id)
                    }
                    #expect(seen == want, "\(search) unread \(unread) \(sort)")
                }
            }
        }
        // The AI-tagged rows carry their AI tags, as the whole cache's did.
        let first = try await f.library.load(LibraryFilter(tag: "python", limit: 100))
        #expect(first.bookmarks.first { $0.id == 5 }?.suggestedTags == ["Python", "extra"])
    }
}
