/// One slice of a list and the size of the whole list (linkding's `count`); links are the caller's business.
public struct CountedResults<Item: Sendable>: Sendable {
    /// How many items the whole list holds.
    public var count: Int
    /// The items of the requested slice, in order.
    public var results: [Item]

    /// A slice and the list's size.
    public init(count: Int, results: [Item]) {
        self.count = count
        self.results = results
    }
}

extension CountedResults: Equatable where Item: Equatable {}
