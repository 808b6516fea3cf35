import Foundation
import MarksCore
import Testing
@testable import MarksStorage

@Suite struct BookmarkStoreConcurrencyTests {
    @Test func parallelReadsAndWritesStayConsistent() async throws {
        let f = try StoreFixture()
        let store = f.store
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for index in 0..<40 {
                        let b = try store.create(BookmarkDraft(url: "https://w\(writer)-\(index).example", title: "swift \(index)",
                                                               tagNames: ["w\(writer)", "shared"]))
                        if index.isMultiple(of: 5) { try store.archive(id: b.id) }
                        if index.isMultiple(of: 7) { _ = try store.update(id: b.id, BookmarkUpdate(tagNames: ["w\(writer)"])) }
                    }
                }
            }
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<40 {
                        let page = try store.list(BookmarkListQuery(search: "swift #shared", limit: 10))
                        #expect(page.results.count <= 10 && page.count >= page.results.count)
                        _ = try store.tags()
                    }
                }
            }
            try await group.waitForAll()
        }
        let live = try store.list(BookmarkListQuery(limit: 1_000)).count
        let archived = try store.list(BookmarkListQuery(limit: 1_000, archived: true)).count
        #expect(live + archived == 160 && archived == 32)
        // Per writer: 40 created, 6 lose the shared tag (index % 7 == 0), 6 of the rest are archived (5, 10, … 30).
        #expect(try store.list(BookmarkListQuery(search: "#shared")).count == 4 * 28)
        #expect(try store.tags().count == 5)
    }
}
