import Foundation

/// One page of a linkding list: `{count, next, previous, results}`.
public struct Page<Item: Sendable>: Sendable {
    public var count: Int
    public var next: String?
    public var previous: String?
    public var results: [Item]

    /// A page value.
    public init(count: Int, next: String?, previous: String?, results: [Item]) {
        self.count = count
        self.next = next
        self.previous = previous
        self.results = results
    }
}

extension Page: Equatable where Item: Equatable {}

extension Page: Decodable where Item: Decodable {
    enum CodingKeys: String, CodingKey { case count, next, previous, results }

    /// Decodes a page; `next`/`previous` may be null.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        count = try c.decode(Int.self, forKey: .count)
        next = try c.decodeIfPresent(String.self, forKey: .next)
        previous = try c.decodeIfPresent(String.self, forKey: .previous)
        results = try c.decode([Item].self, forKey: .results)
    }
}

extension Page {
    /// The page in the contract's order, with each item serialised by `item`.
    public func jsonValue(_ item: (Item) -> JSONValue) -> JSONValue {
        .object([("count", .int(count)), ("next", .optional(next)), ("previous", .optional(previous)),
                 ("results", .array(results.map(item)))])
    }
}
