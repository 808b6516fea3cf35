/// A text with a known category, as the quality report reads it from the evaluation data.
public struct LabelledText: Sendable, Equatable {
    /// The category (Reuters topic or fortune file name).
    public let label: String
    /// The headline, when the text has one.
    public let title: String?
    /// The text as paragraphs separated by line breaks (as an HTML extractor would give it).
    public let text: String
    /// A stable identifier (file name, or file name and position).
    public let source: String

    /// A text as given.
    public init(label: String, title: String?, text: String, source: String) {
        self.label = label
        self.title = title
        self.text = text
        self.source = source
    }
}
