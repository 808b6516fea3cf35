import Foundation
import MarksAsk
import MarksDocuments
import MarksIndex
import MarksReading
import MarksTestSupport
import SQLiteDatabase
import Testing

/// Ask sees highlights (issue 37 item 4): a page's highlights and notes are passages after its archived text
/// (`HighlightStore.pageTexts(over:)`, as `marks serve` indexes them), so a question only a note answers is answered
/// from it, cited to its bookmark; before the note was written the same question is not.
@Suite struct HighlightAskTests {
    /// The Ask library's index with highlights wired in as `marks serve` wires them: the pages' texts followed by their
    /// highlights and notes (`HighlightStore.pageTexts(over:)`), embedded, and an Ask service over it.
    struct Wired {
        let index: SearchIndex
        let highlights: HighlightStore
        let pages: SearchIndex.PageTexts
        let ask: AskService

        init(in directory: TemporaryDirectory) async throws {
            let path = directory.file("ask.sqlite").path
            index = try SearchIndex(path: path, dimension: 64)
            try index.upsert(AskLibrary.bookmarkValues())
            let archived = SearchIndex.PageTexts(versions: { urls in Dictionary(uniqueKeysWithValues: urls.map { ($0, "1") }) },
                                                 text: { url in AskLibrary.bookmarks.first { $0.url == url }.map { ("1", $0.blocks) } })
            highlights = try HighlightStore(database: try Database(path: directory.file("marks.sqlite").path), now: { Date() })
            pages = highlights.pageTexts(over: archived)
            try index.syncPageTexts(ids: [1, 2, 3], from: pages)
            try await Self.embed(index)
            let lazy = LazyEmbedder { AskLibrary.embedder() }
            ask = AskService(tool: BookmarkSearchTool(index: index, embedder: lazy), embedder: lazy,
                             conversations: try AskConversationStore(database: Database(path: path)), provider: nil)
        }

        /// Writes a bookmark's passages again (its highlights changed) and embeds them.
        func resync(_ id: Int) async throws {
            try index.syncPageTexts(ids: [id], from: pages)
            try await Self.embed(index)
        }

        private static func embed(_ index: SearchIndex) async throws {
            try await VectorIndexer(index: index) { AskLibrary.embedder() }.run()
        }
    }

    @Test func aNoteIsFoundAndCitedByAsk() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-highlight-ask")
        defer { directory.cleanUp() }
        let wired = try await Wired(in: directory)
        let (highlights, service) = (wired.highlights, wired.ask)
        let question = "Which hawks raid the heron nests in the marsh?"
        let before = try await service.ask(AskRequest(question: question))
        #expect(!before.text.contains("harriers"), "\(before.text)")

        _ = try highlights.add(HighlightDraft(quote: "They nest in tall reeds", note: "Marsh harriers are the hawks that raid the heron nests in the marsh."),
                               source: "embedded", bookmarkID: 2, url: "https://birds.example/herons")
        try await wired.resync(2)  // the page's version changed: its passages are written again
        let after = try await service.ask(AskRequest(question: question))
        #expect(after.isFound && after.text.contains("Marsh harriers are the hawks that raid the heron nests"), "\(after.text)")
        #expect(after.citations.first?.passage.document.id == 2, "cited to the herons bookmark")
    }

    /// A source's highlights and notes are passages after its text (`SearchIndex.documentObserver(more:)`, as the
    /// composition root wires it), so Ask may cite a note written on a document; before it was written, not.
    @Test func aNoteOnASourceIsFoundAndCitedByAsk() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-document-highlight-ask")
        defer { directory.cleanUp() }
        let wired = try await Wired(in: directory)
        let highlights = wired.highlights
        let observer = wired.index.documentObserver(more: { id in
            do {
                return try highlights.passageBlocks(documentID: id)
            } catch {
                Issue.record(error)
                return []
            }
        }, warn: { Issue.record("\($0)") })
        let sources = try DocumentLibrary(database: try Database(path: directory.file("ask.sqlite").path), directory: directory.file("sources"),
                                          extractor: DocumentExtractor(tools: .find(path: nil)), observer: observer, now: { Date() })
        let added = try await sources.addText("Field notes from the estuary.\n\nThe tide came in early on Tuesday and covered the mudflats.",
                                              title: "Estuary field notes")
        try await VectorIndexer(index: wired.index) { AskLibrary.embedder() }.run()
        let question = "Which birds feed on the estuary mudflats at low tide?"
        let before = try await wired.ask.ask(AskRequest(question: question))
        #expect(!before.text.contains("godwits"), "\(before.text)")

        _ = try highlights.add(HighlightDraft(quote: "covered the mudflats", note: "Bar-tailed godwits are the birds that feed on the estuary mudflats at low tide."),
                               documentID: added.summary.id)
        await observer.saved([try sources.source(id: added.summary.id)])  // what the web app's change does (documentHighlightsChanged)
        try await VectorIndexer(index: wired.index) { AskLibrary.embedder() }.run()
        let after = try await wired.ask.ask(AskRequest(question: question))
        #expect(after.isFound && after.text.contains("Bar-tailed godwits are the birds that feed on the estuary mudflats"), "\(after.text)")
        #expect(after.citations.first?.passage.document.id == -added.summary.number, "cited to the source")
    }
}
