import Foundation
import MarksCore
import MarksIndex
import MarksDocuments
import StandInNetwork
import Testing

/// A source's text is cut into Ask's passages (a PDF page by page, with the page number) and they follow every
/// change: add, edit, delete (the trash), restore.
@Suite struct SourcePassageTests {
    static func pageTexts(_ fixture: SourceFixture, _ source: DocumentSummary) throws -> [IndexedPassage] {
        try fixture.index.passages(documentIDs: [-source.number]).filter { $0.section == "page" }
    }

    static func found(_ fixture: SourceFixture, _ query: String, _ scope: SearchFilter.SourceScope = .included) throws -> [Int] {
        let hits = try fixture.index.passageKeywordSearch(query, filter: SearchFilter(sources: scope), limit: 20)
        return Array(Set(try fixture.index.passages(ids: hits.map(\.bookmarkID)).values.map(\.documentID))).sorted()
    }

    @Test func addEditDeleteAndRestoreKeepThePassagesInStep() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        guard case .added(let source) = try await fixture.library.addText("Heron notes\n\nThey fly south in October.\n\nThey nest in reeds.") else {
            Issue.record("not added"); return
        }
        let id = -source.summary.number
        #expect(try Self.pageTexts(fixture, source.summary).map(\.text) == ["Heron notes\n\nThey fly south in October.\n\nThey nest in reeds."])
        #expect(try Self.found(fixture, "october") == [id])
        #expect(try Self.found(fixture, "october", .excluded).isEmpty, "sources only when the filter asks")
        _ = try await fixture.library.update(id: source.summary.id, DocumentUpdate(body: "Beavers build dams in November."))
        #expect(try Self.found(fixture, "october").isEmpty)
        #expect(try Self.found(fixture, "beavers") == [id])
        _ = try await fixture.library.delete(id: source.summary.id)
        #expect(try fixture.index.passages(documentIDs: [id]).isEmpty)
        #expect(try Self.found(fixture, "beavers").isEmpty)
        _ = try await fixture.library.restore(id: source.summary.id)
        #expect(try Self.found(fixture, "beavers") == [id])
    }

    @Test func aPDFsPassagesCarryTheirPageNumbers() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let pdf = TestPDF.make([.text(["Quarterly report", "Revenue grew in the archipelago"]), .drawingOnly, .text(["Closing words about zeppelins"])])
        guard case .added(let source) = try await fixture.library.importFile(at: try fixture.file("Q3.pdf", pdf)) else {
            Issue.record("not added"); return
        }
        let passages = try Self.pageTexts(fixture, source.summary)
        #expect(passages.map(\.page) == [1, 3])
        #expect(passages.first?.text.contains("archipelago") == true)
        #expect(passages.last?.text.contains("zeppelins") == true)
    }
}
