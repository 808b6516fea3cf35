/// One block of text (a paragraph, heading, list item, line) with whitespace already collapsed.
struct TextBlock {
    enum Kind { case paragraph, heading, listItem }

    var text: String
    var kind: Kind
    /// How many of the block's bytes came from inside links.
    var linkBytes: Int
    /// The block's length in UTF-8 bytes.
    var byteCount: Int

    /// Share of the block's text that is link text, 0...1.
    var linkDensity: Double { byteCount == 0 ? 0 : Double(linkBytes) / Double(byteCount) }
}
