import HTMLExtraction
import MarksCore

extension EnrichRequest {
    /// A request from a page `HTMLDocument.readableText()` extracted: its title and paragraphs.
    public init(url: String, readable: ReadableText, description: String? = nil, vocabulary: [String]? = nil) {
        self.init(url: url, title: readable.title, description: description, text: readable.text, vocabulary: vocabulary)
    }
}
