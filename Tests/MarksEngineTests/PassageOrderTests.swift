@testable import MarksEngine
import Testing

/// The order Ask reads passages in: by their bookmark's rank in the bookmark-level search.
@Suite struct PassageOrderTests {
    @Test func passagesFollowTheirBookmarksRankThenThePassageOrder() {
        // Passages of bookmarks 7, 3, 7, 9 (the passage search's order); the bookmark search ranks 3 before 7; 9 is unranked.
        let order = PassageOrder(limit: 8, perDocument: 3).indices(documents: [7, 3, 7, 9], documentRanks: [3: 0, 7: 1])
        #expect(order == [1, 0, 2, 3])
    }

    @Test func oneBookmarkDoesNotCrowdOutTheNextAndTheLimitHolds() {
        let order = PassageOrder(limit: 3, perDocument: 2).indices(documents: [1, 1, 1, 2, 3], documentRanks: [1: 0, 2: 1, 3: 2])
        #expect(order == [0, 1, 3], "at most two passages of bookmark 1, three passages in all")
    }

    @Test func withoutRanksThePassageOrderStands() {
        #expect(PassageOrder(limit: 8).indices(documents: [5, 4, 6], documentRanks: [:]) == [0, 1, 2])
        #expect(PassageOrder().indices(documents: [], documentRanks: [1: 0]).isEmpty)
    }
}
