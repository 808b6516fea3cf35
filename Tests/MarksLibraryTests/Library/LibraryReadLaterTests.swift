import Foundation
import MarksCore
import MarksBookmarks
import MarksDocuments
import Testing

/// The read-later loop's library calls, against the embedded store and against linkding's `/api/` through the
/// real `LinkdingClient`: read/unread is a PATCH of `unread` alone, archiving marks read first when asked, the next
/// unread follows the unread list, and bulk tag changes touch only the bookmarks that change.
@Suite struct LibraryReadLaterTests {
    @Test(arguments: SourceKind.allCases)
    func readAndUnreadArePatchesOfUnreadAlone(kind: SourceKind) async throws {
        let fixture = try LibraryFixture(kind)
        let saved = try fixture.add("https://example.com/a", title: "A", tags: ["x"], unread: true)
        fixture.server.clearLog()
        let read = try await fixture.library.setUnread(id: saved.id, false)
        #expect(read.unread == false)
        #expect(read.tagNames == ["x"], "nothing else changes")
        #expect(try fixture.serverBookmarks()[saved.id]?.unread == false)
        #expect(try fixture.cachedBookmarks()[saved.id]?.unread == false, "the cache follows")
        if kind == .linkding { #expect(fixture.server.log.first == "PATCH /ld/api/bookmarks/\(saved.id)/") }
        try await fixture.library.setUnread(id: saved.id, true)
        #expect(try fixture.serverBookmarks()[saved.id]?.unread == true)
    }

    @Test(arguments: SourceKind.allCases)
    func archivingMarksReadOnlyWhenAskedAndOnlyWhenUnread(kind: SourceKind) async throws {
        let fixture = try LibraryFixture(kind)
        let unread = try fixture.add("https://example.com/a", unread: true)
        let kept = try fixture.add("https://example.com/b", unread: true)
        let read = try fixture.add("https://example.com/c")
        try await fixture.library.archive(id: unread.id, markingRead: true)
        try await fixture.library.archive(id: kept.id, markingRead: false)
        fixture.server.clearLog()
        try await fixture.library.archive(id: read.id, markingRead: true)
        let server = try fixture.serverBookmarks()
        #expect(server[unread.id]?.isArchived == true && server[unread.id]?.unread == false)
        #expect(server[kept.id]?.isArchived == true && server[kept.id]?.unread == true)
        if kind == .linkding {
            #expect(!fixture.server.log.contains { $0.hasPrefix("PATCH") }, "a read bookmark is archived without a PATCH")
        }
        let archived = try await fixture.library.load(LibraryFilter(archived: true))
        #expect(Set(archived.bookmarks.map(\.id)) == [unread.id, kept.id, read.id])
        if kind == .linkding { #expect(fixture.server.log.last?.hasPrefix("GET /ld/api/bookmarks/archived/") == true) }
    }

    @Test(arguments: SourceKind.allCases)
    func theNextUnreadFollowsTheUnreadList(kind: SourceKind) async throws {
        let fixture = try LibraryFixture(kind)
        let ids = try (0..<4).map { try fixture.add("https://example.com/\($0)", unread: $0 != 1).id }
        // Unread, newest first: 3, 2, 0.
        #expect(try await fixture.library.nextUnread(after: ids[3])?.id == ids[2])
        #expect(try await fixture.library.nextUnread(after: ids[2])?.id == ids[0])
        #expect(try await fixture.library.nextUnread(after: ids[0])?.id == ids[3], "after the last: back to the newest")
        #expect(try await fixture.library.nextUnread(after: ids[1])?.id == ids[3], "from a read one: the newest")
        for id in [ids[3], ids[2], ids[0]] { try await fixture.library.setUnread(id: id, false) }
        #expect(try await fixture.library.nextUnread(after: ids[0]) == nil)
    }

    @Test(arguments: SourceKind.allCases)
    func bulkTagsChangeOnlyTheBookmarksThatNeedIt(kind: SourceKind) async throws {
        let fixture = try LibraryFixture(kind)
        let a = try fixture.add("https://example.com/a", tags: ["Later"])
        let b = try fixture.add("https://example.com/b", tags: ["keep"])
        #expect(try await fixture.library.addTag("later", to: [a.id, b.id]) == 1, "“Later” is already there")
        #expect(try fixture.serverBookmarks()[b.id]?.tagNames == ["Later", "keep"], "the existing tag, as linkding reuses it")
        #expect(try await fixture.library.removeTag("LATER", from: [a.id, b.id]) == 2)
        #expect(try fixture.serverBookmarks()[a.id]?.tagNames == [])
        #expect(try fixture.serverBookmarks()[b.id]?.tagNames == ["keep"])
    }
}
