import Foundation

/// A linkding tag: `{id, name, date_added}`.
public struct Tag: Sendable, Equatable, Hashable, Identifiable, Codable {
    public var id: Int
    public var name: String
    public var dateAdded: Date

    /// A tag value.
    public init(id: Int, name: String, dateAdded: Date) {
        self.id = id
        self.name = name
        self.dateAdded = dateAdded
    }

    enum CodingKeys: String, CodingKey {
        case id, name
        case dateAdded = "date_added"
    }

    /// Decodes a tag, accepting every date form linkding emits.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        let text = try c.decodeIfPresent(String.self, forKey: .dateAdded)
        guard let text else {
            dateAdded = Date(timeIntervalSince1970: 0)
            return
        }
        guard let date = LinkdingDate.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: .dateAdded, in: c, debugDescription: "not an ISO 8601 date")
        }
        dateAdded = date
    }

    /// Encodes with a linkding date string.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(LinkdingDate.format(dateAdded), forKey: .dateAdded)
    }

    /// The tag in the contract's order.
    public var jsonValue: JSONValue {
        .object([("id", .int(id)), ("name", .string(name)), ("date_added", .string(LinkdingDate.format(dateAdded)))])
    }
}
