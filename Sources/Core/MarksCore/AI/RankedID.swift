/// A bookmark id with its relevance to the query (higher is better; cosine similarity plus a keyword bonus).
public struct RankedID: Codable, Equatable, Sendable {
    /// The bookmark's id.
    public var id: Int
    /// The relevance score.
    public var score: Double

    /// A ranked id as given.
    public init(id: Int, score: Double) {
        self.id = id
        self.score = score
    }
}
