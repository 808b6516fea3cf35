/// One passage the search tool found: the passage (heading, page, range, text), the bookmark or source it belongs
/// to, and how it was found.
public struct PassageResult: Sendable, Equatable {
    public var passage: IndexedPassage
    /// The bookmark (or the source: `document.isSource`, URL `marks-source://<uuid>`).
    public var document: IndexedDocument
    /// The fused score (higher is better).
    public var score: Double
    /// Which legs found it.
    public var legs: SearchHit.Legs
    public var keywordScore: Double?
    /// Cosine similarity to the question, when the vector leg found it.
    public var vectorScore: Double?
}
