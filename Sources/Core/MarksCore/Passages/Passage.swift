/// A piece of a text of about 100–250 words, cut on paragraph and sentence boundaries: what Ask retrieves and
/// cites. `range` is where its text is in the flat text of the blocks it came from (`PassageSplitter.flatText`:
/// the blocks' texts joined by blank lines), in UTF-16 code units, so a page can highlight it.
public struct Passage: Sendable, Equatable {
    /// Its position among the passages of its text, 0 first.
    public var ordinal: Int
    /// The passage's text: exactly the flat text at `range`.
    public var text: String
    /// The heading it is under, nil before the first heading.
    public var heading: String?
    /// The page it is on (where it starts), nil when the text has no pages.
    public var page: Int?
    /// Its place in the flat text, in UTF-16 code units.
    public var range: Range<Int>

    /// A passage value.
    public init(ordinal: Int, text: String, heading: String?, page: Int?, range: Range<Int>) {
        self.ordinal = ordinal
        self.text = text
        self.heading = heading
        self.page = page
        self.range = range
    }

    /// White-space separated words in the text.
    public var wordCount: Int { PassageSplitter.wordCount(text) }
}
