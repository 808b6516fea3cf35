import Foundation
import HTMLExtraction
import MarksCore

extension IngestPayloadParser {
    /// `parse(_:readHTML:)` with HTML payloads read by libxml2 (`HTMLDocument`): what every surface uses.
    public static func parse(_ payloads: [IngestPayload]) throws -> IngestResult {
        try parse(payloads, readHTML: readHTML)
    }

    /// An HTML payload read by `HTMLDocument`: its visible text, best title and anchors; nil when libxml2 cannot
    /// read it (empty, or beyond the wrapper's size cap), so the other payloads are used.
    @Sendable public static func readHTML(_ html: String, baseURL: URL?) -> IngestHTML? {
        let document: HTMLDocument
        do {
            document = try HTMLDocument(html: html, url: baseURL)
        } catch {
            return nil  // unreadable HTML (empty, or over the wrapper's cap): the caller uses the other payloads
        }
        return IngestHTML(text: document.visibleText, title: document.metadata.bestTitle,
                          links: document.anchors.map { IngestHTML.Link(url: $0.url, text: $0.text) })
    }
}
