/// Size and score of one element, gathered in one iterative pass over the cleaned page.
struct ElementStats {
    /// Visible characters below the element (white space runs count once).
    var textLength = 0
    /// Characters of that text inside links.
    var linkLength = 0
    var commas = 0
    /// Readability-style content score collected from paragraphs below (before the link penalty).
    var score = 0.0
    /// True when some paragraph added to `score`.
    var isCandidate = false

    var linkDensity: Double { textLength == 0 ? 0 : Double(linkLength) / Double(textLength) }
    /// The score after the link-density penalty.
    var finalScore: Double { score * (1 - linkDensity) }
}
