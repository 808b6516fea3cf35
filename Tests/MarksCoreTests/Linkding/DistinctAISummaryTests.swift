import Foundation
import Testing
@testable import MarksCore

/// Only a summary that says something of its own is shown as "AI summary": one that is the description or notes,
/// or just their first sentences (what an engine falls back to when it cannot read the page), is not.
@Suite struct DistinctAISummaryTests {
    private func bookmark(summary: String?, description: String = "", notes: String = "") -> Bookmark {
        Bookmark(id: 1, url: "https://example.com/a", title: "A page", description: description, notes: notes,
                 dateAdded: Date(timeIntervalSince1970: 0), dateModified: Date(timeIntervalSince1970: 0), aiSummary: summary)
    }

    static let description = "How to keep a sourdough starter alive. Feed it every day. Keep it warm. Bake on Sundays."

    @Test(arguments: [
        ("How to keep a sourdough starter alive.", "the first sentence"),
        ("How to keep a sourdough starter alive. Feed it every day. Keep it warm.", "the first three sentences"),
        ("  how to keep a SOURDOUGH starter\nalive.   Feed it every day. ", "case and white space aside"),
        ("How to keep a sourdough…", "a cut first sentence"),
        (description, "the whole description"),
    ])
    func theOpeningOfTheDescriptionIsNotAnAISummary(summary: String, what: String) {
        #expect(bookmark(summary: summary, description: Self.description).distinctAISummary == nil, "\(what)")
    }

    @Test func theOpeningOfTheNotesIsNotOneEither() {
        #expect(bookmark(summary: "Ask Sam about rye.", notes: "Ask Sam about rye. He bakes on Fridays.").distinctAISummary == nil)
    }

    @Test func aSummaryOfThePageIsShown() {
        let page = "A starter is flour and water fed daily until it bubbles. It doubles within hours of feeding."
        #expect(bookmark(summary: page, description: Self.description).distinctAISummary == page)
        #expect(bookmark(summary: "Feed it every day.", description: Self.description).distinctAISummary == "Feed it every day.",
                "a later sentence of the description is a choice, not its opening")
        #expect(bookmark(summary: page).distinctAISummary == page)
        #expect(bookmark(summary: "   ").distinctAISummary == nil)
        #expect(bookmark(summary: nil).distinctAISummary == nil)
    }
}
