import Foundation
import MarksDocuments
@testable import MarksServer
import MarksTestSupport
import StandInNetwork
import Testing

/// A PDF's page shows its text re-flowed (issue 37 item 7): pdftotext's hard line breaks joined into paragraphs, the
/// bullet alone on its line kept as a list item with its words, the heading on its own line, the page markers where
/// they were. Before, the page was one `white-space: pre-wrap` block of the extractor's lines.
@Suite(.enabled(if: DocumentExtractor.Tools.find(path: nil).pdftotext != nil, "needs poppler-utils (pdftotext)"))
struct WebDocumentReflowTests {
    @Test func aPDFsPagesAreParagraphsAndListsUnderTheirMarkers() async throws {
        let h = try await DocumentsHarness.make()
        defer { h.cleanUp() }
        var client = try await h.web.signedIn()
        let pdf = Data(TestPDF.make([
            .text(["Findings", "The survey counted the herons along the river every morning for six",
                   "weeks, and the numbers grew each week until the first frost came in.", "•",
                   "Nests were found in the reeds", "• Eggs hatched in May"]),
            .text(["Methods", "Each count was made from the same bridge at the same hour of the day,",
                   "and the weather was written down beside the count.", "Counts were not made in fog."]),
        ]))
        let response = try await client.uploadSources([.file(name: "files", filename: "herons.pdf", type: "application/pdf", data: pdf)])
        #expect(response.status == 200)
        let source = try #require(try h.library.search("herons").first)
        let page = WebClient.text(try await client.get("/sources/" + source.id.uuidString.lowercased()))
        #expect(page.contains("<p class=\"page-marker\">p. 1</p><div class=\"source-text reflowed\" dir=\"auto\">"
            + "<p class=\"source-line\">Findings</p><p>The survey counted the herons along the river every morning for six weeks, "
            + "and the numbers grew each week until the first frost came in.</p>"
            + "<ul><li>Nests were found in the reeds</li><li>Eggs hatched in May</li></ul></div>"), "\(page)")
        #expect(page.contains("<p class=\"page-marker\">p. 2</p><div class=\"source-text reflowed\" dir=\"auto\">"
            + "<p class=\"source-line\">Methods</p><p>Each count was made from the same bridge at the same hour of the day, "
            + "and the weather was written down beside the count.</p><p>Counts were not made in fog.</p></div>"))
    }
}
