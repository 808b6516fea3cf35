import Foundation
import MarksAsk
import MarksIndex
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Testing

/// Ask sees highlights (issue 37 item 4): a page's highlights and notes are passages after its archived text
/// (`HighlightStore.pageTexts(over:)`, as `marks serve` indexes them), so a question only a note answers is answered
/// from it, cited to its bookmark; before the note was written the same question is not.
@Suite struct HighlightAskTests {
    @Test func aNoteIsFoundAndCitedByAsk() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-highlight-ask")
        defer { directory.cleanUp() }
        let path = directory.file("ask.sqlite").path
        let index = try SearchIndex(path: path, dimension: 64)
        try index.upsert(AskLibrary.bookmarkValues())
        let archived = SearchIndex.PageTexts(versions: { urls in Dictionary(uniqueKeysWithValues: urls.map { ($0, "1") }) },
                                             text: { url in AskLibrary.bookmarks.first { $0.url == url }.map { ("1", $0.blocks) } })
        let highlights = try HighlightStore(database: try Database(path: directory.file("marks.sqlite").path), now: { Date() })
        let pages = highlights.pageTexts(over: archived)
        try index.syncPageTexts(ids: [1, 2, 3], from: pages)
        let lazy = LazyEmbedder { AskLibrary.embedder() }
        let service = AskService(tool: BookmarkSearchTool(index: index, embedder: lazy), embedder: lazy,
                                 conversations: try AskConversationStore(database: Database(path: path)), provider: nil)
        let question = "Which hawks raid the heron nests in the marsh?"
        try await VectorIndexer(index: index) { AskLibrary.embedder() }.run()
        let before = try await service.ask(AskRequest(question: question))
        #expect(!before.text.contains("harriers"), "\(before.text)")

        _ = try highlights.add(HighlightDraft(quote: "They nest in tall reeds", note: "Marsh harriers are the hawks that raid the heron nests in the marsh."),
                               source: "embedded", bookmarkID: 2, url: "https://birds.example/herons")
        try index.syncPageTexts(ids: [2], from: pages)  // the page's version changed: its passages are written again
        try await VectorIndexer(index: index) { AskLibrary.embedder() }.run()
        let after = try await service.ask(AskRequest(question: question))
        #expect(after.isFound && after.text.contains("Marsh harriers are the hawks that raid the heron nests"), "\(after.text)")
        #expect(after.citations.first?.passage.document.id == 2, "cited to the herons bookmark")
    }
}
