/// Where the reader stopped in a bookmark's text: the block (paragraph, heading, list item, code block… counted in
/// document order) at the top of the screen, how far into it (0…1), and the block's first words, so a text fetched
/// again — with a block more or less — still reopens at the same words, and the overall fraction as the last resort.
public struct ReadingPosition: Codable, Equatable, Sendable {
    /// The most blocks an article is assumed to have, and the longest kept opening words.
    public static let maxBlock = 1_000_000
    public static let quoteLimit = 80

    public var block: Int
    public var within: Double
    public var quote: String
    public var fraction: Double

    /// A position from what the reader's script sent; nil when any part is out of range (a block past
    /// `maxBlock`, a fraction outside 0…1). The quote is cut to `quoteLimit` characters.
    public init?(block: Int, within: Double, quote: String, fraction: Double) {
        guard (0...Self.maxBlock).contains(block), within.isFinite, (0...1).contains(within),
              fraction.isFinite, (0...1).contains(fraction) else { return nil }
        self.block = block
        self.within = within
        self.quote = String(quote.prefix(Self.quoteLimit))
        self.fraction = fraction
    }
}
