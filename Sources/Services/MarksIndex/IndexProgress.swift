/// How far an indexing run is: texts embedded so far out of those that were pending.
public struct IndexProgress: Sendable, Equatable {
    /// Texts embedded in this run.
    public var done: Int
    /// Texts this run expects to embed (grows if bookmarks are added while it runs).
    public var total: Int

    /// A progress value.
    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }

    /// 0…1.
    public var fraction: Double { total > 0 ? min(1, Double(done) / Double(total)) : 1 }
}
