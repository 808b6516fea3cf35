import MarksTestSupport
import Foundation
import Testing
@testable import HTMLExtraction

/// Untrusted input must never crash, hang or exhaust the stack. Time limits here are generous
/// (debug build, shared cores): they catch hangs and quadratic blow-ups, not small regressions.
@Suite struct HostileInputTests {
    /// Runs every extractor once, as a caller would.
    private func extractEverything(_ page: HTMLDocument) -> (PageMetadata, [URL], String, ReadableText) {
        (page.metadata, page.links, page.visibleText, page.readableText())
    }

    private func seconds(_ work: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let elapsed = try clock.measure(work)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test func emptyInputThrowsATypedError() {
        #expect(throws: HTMLExtractionError.emptyInput) { try HTMLDocument(html: "") }
        #expect(throws: HTMLExtractionError.emptyInput) { try HTMLDocument(html: [UInt8]()) }
        #expect(throws: HTMLExtractionError.emptyInput) { try HTMLDocument(html: Data([0, 0, 0])) }
        #expect(HTMLExtractionError.emptyInput.description.contains("empty"))
    }

    @Test func whitespaceOnlyInputGivesAnEmptyPage() throws {
        let page = try HTMLDocument(html: "   \n\t ")
        let (meta, links, text, readable) = extractEverything(page)
        #expect(meta == PageMetadata())
        #expect(links.isEmpty)
        #expect(text.isEmpty)
        #expect(readable.paragraphs.isEmpty)
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func binaryGarbage(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let bytes = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let page = try HTMLDocument(html: bytes, url: URL(string: "https://example.com/"))
        _ = extractEverything(page)
    }

    @Test func nulBytesAreRemoved() throws {
        let page = try HTMLDocument(html: "<title>a\u{0}b</title><p>c\u{0}\u{0}d</p>\u{0}")
        #expect(page.metadata.title == "ab")
        #expect(page.visibleText == "cd")
    }

    @Test func millionNestedDivsDoNotBlowTheStack() throws {
        let html = "<html><body>" + String(repeating: "<div>", count: 1_000_000) + "deep text" + String(repeating: "</div>", count: 1_000_000)
        let elapsed = try seconds {
            let page = try HTMLDocument(html: html)
            _ = extractEverything(page)
        }
        #expect(elapsed < 120) // a hang guard, not a speed target (speed lives in make bench)
    }

    @Test func manyNestedInlineTagsAndUnclosedLists() throws {
        let html = "<p>" + String(repeating: "<b><i><ul><li>x", count: 100_000)
        let page = try HTMLDocument(html: html)
        _ = extractEverything(page)
    }

    @Test func sixtyThousandSiblingParagraphs() throws {
        let html = String(repeating: "<p>Short line, with a comma, and enough text to score as a paragraph.", count: 60_000) // 4.2 MB, under the cap
        var readable = ReadableText(title: nil, paragraphs: [], language: nil)
        let elapsed = try seconds { readable = try HTMLDocument(html: html).readableText() }
        #expect(readable.paragraphs.count == 1) // identical neighbours collapse into one
        #expect(elapsed < 120) // a hang guard, not a speed target (speed lives in make bench)
    }

    @Test func tenMegabyteTextNodeIsCappedAtFiveMebibytes() throws {
        let html = "<html><body><p>" + String(repeating: "word ", count: 2_000_000) + "</p><p>TAIL</p></body></html>"
        var text = ""
        let elapsed = try seconds { text = try HTMLDocument(html: html).visibleText }
        #expect(!text.contains("TAIL"))
        #expect(text.utf8.count <= HTMLDocument.maximumParsedBytes)
        #expect(text.utf8.count > 4_000_000)
        #expect(elapsed < 120) // a hang guard, not a speed target (speed lives in make bench)
    }

    @Test func inputBeyondTheCapIsIgnored() throws {
        let filler = String(repeating: "<!-- padding -->", count: HTMLDocument.maximumParsedBytes / 16 + 1)
        let page = try HTMLDocument(html: filler + "<title>Too late</title>")
        #expect(page.metadata.title == nil)
    }

    @Test func capCutsOnACharacterBoundary() throws {
        let html = String(repeating: "é", count: HTMLDocument.maximumParsedBytes) // 2 bytes each
        let text = try HTMLDocument(html: html).visibleText
        #expect(!text.contains("\u{FFFD}"))
        #expect(text.utf8.count <= HTMLDocument.maximumParsedBytes)
    }

    @Test func pageFullOfScripts() throws {
        let html = "<title>Scripts</title>" + String(repeating: "<script>document.write('<p>nope</p>')</script><style>p{}</style>", count: 50_000) + "<p>visible</p>"
        let page = try HTMLDocument(html: html)
        let (meta, _, text, readable) = extractEverything(page)
        #expect(meta.title == "Scripts")
        #expect(text == "visible")
        #expect(!readable.text.contains("nope"))
    }

    @Test func unclosedScriptSwallowsTheRest() throws {
        let page = try HTMLDocument(html: "<p>before</p><script>var a = '<p>inside</p>")
        #expect(page.visibleText == "before")
    }

    @Test func malformedMarkupIsRecovered() throws {
        let html = "<html><p>one<p>two</b></i><div><table><td>cell<tr>row</table><a href=\"https://example.com/a\">link<a href=x>"
        let page = try HTMLDocument(html: html, url: URL(string: "https://example.com/base/"))
        #expect(page.visibleText.contains("one"))
        #expect(page.links.map(\.absoluteString) == ["https://example.com/a", "https://example.com/base/x"])
    }

    @Test func hugeAttributeValues() throws {
        let long = String(repeating: "a", count: 1_000_000)
        let page = try HTMLDocument(html: "<a href='https://example.com/\(long)'>x</a><link rel='icon' href='\(long)'><meta name='description' content='\(long)'>", url: URL(string: "https://example.com/"))
        let (meta, links, _, _) = extractEverything(page)
        #expect(links.isEmpty) // over 8 KB is not a URL we keep
        #expect(meta.description?.count == 1_000_000)
    }
}
