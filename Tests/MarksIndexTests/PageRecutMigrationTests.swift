import Foundation
import MarksCore
import MarksIndex
import MarksTestSupport
import Testing

/// Index migration 8: the archive reads its texts into other blocks (a table row is one block), so an index written
/// before it cuts every archived page into passages again at the next catch-up; a passage whose text did not change
/// keeps its vector, and an index with no archived page is not sent through a catch-up for nothing.
@Suite struct PageRecutMigrationTests {
    static let intro = PassageBlock(.paragraph, "The standard levels are described below, in increasing order of severity.")

    @Test func anIndexWrittenBeforeTheTableRowChangeCutsItsPagesAgainAndKeepsTheVectorsOfWhatDidNotChange() async throws {
        let fixture = try IndexFixture()
        #expect(try fixture.index.isBehind == false, "a new index owes no catch-up")
        try fixture.index.upsert([bookmark(1, "Logging HOWTO", url: "https://docs.example/howto"), bookmark(2, "No page")])
        // As the archive read the page before: a block per cell, under one version.
        let cells = [Self.intro, PassageBlock(.heading, "Levels"), PassageBlock(.paragraph, "DEBUG"),
                     PassageBlock(.paragraph, "Detailed information, typically of interest only when diagnosing problems.")]
        try fixture.index.syncPageTexts(ids: [1, 2], from: Self.pages(cells))
        try fixture.index.syncPageTexts(ids: [1, 2], from: Self.pages([Self.intro]))
        #expect(try Self.pageTexts(fixture.index).contains { $0.hasPrefix("DEBUG\n\n") }, "same version: not read again before the migration")
        let counter = EmbedCounter()
        try await VectorIndexer(index: fixture.index) { WordHashEmbedder.embedder(counter: counter) }.run()
        // The index as today's main left it: migration 8 not run yet.
        try fixture.index.database.write { connection in
            try connection.run("DELETE FROM schema_migrations WHERE namespace = 'index' AND id = 8")
        }

        let reopened = try fixture.reopen()
        #expect(try reopened.isBehind, "the catch-up is owed")
        #expect(try reopened.statistics().pendingTexts == 0, "nothing to embed until the pages are read again")
        let rows = [Self.intro, PassageBlock(.heading, "Levels"),
                    PassageBlock(.paragraph, "DEBUG: Detailed information, typically of interest only when diagnosing problems.")]
        try reopened.syncPageTexts(ids: [1, 2], from: Self.pages(rows))
        #expect(try Self.pageTexts(reopened) == [Self.intro.text, "DEBUG: Detailed information, typically of interest only when diagnosing problems."])
        // The section under "Levels" changed and is embedded again; the opening passage kept its vector.
        #expect(try reopened.statistics().pendingTexts == 1)
        let before = counter.all.count
        try await VectorIndexer(index: reopened) { WordHashEmbedder.embedder(counter: counter) }.run()
        #expect(counter.all.count == before + 1)
    }

    @Test func anIndexWithoutArchivedPagesOwesNoCatchUp() throws {
        let fixture = try IndexFixture()
        try fixture.index.upsert([bookmark(1, "No page")])
        try fixture.index.database.write { connection in
            try connection.run("DELETE FROM schema_migrations WHERE namespace = 'index' AND id = 8")
        }
        #expect(try fixture.reopen().isBehind == false)
    }

    /// One archived page, https://docs.example/howto, at version "v1" with `blocks`.
    static func pages(_ blocks: [PassageBlock]) -> SearchIndex.PageTexts {
        SearchIndex.PageTexts(versions: { urls in urls.contains("https://docs.example/howto") ? ["https://docs.example/howto": "v1"] : [:] },
                              text: { url in url == "https://docs.example/howto" ? ("v1", blocks) : nil })
    }

    /// The texts of bookmark 1's page passages, in order.
    static func pageTexts(_ index: SearchIndex) throws -> [String] {
        try index.passages(documentIDs: [1]).filter { $0.section == "page" }.map(\.text)
    }
}
