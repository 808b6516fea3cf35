import Foundation

extension BookmarkBundle: Decodable {
    enum CodingKeys: String, CodingKey {
        case id, name, search, order
        case anyTags = "any_tags"
        case allTags = "all_tags"
        case excludedTags = "excluded_tags"
        case filterUnread = "filter_unread"
        case filterShared = "filter_shared"
        case dateCreated = "date_created"
        case dateModified = "date_modified"
    }

    /// Decodes linkding's bundle JSON; `id` and `name` are required, the rest falls back to linkding's defaults
    /// (an unknown filter value reads as `off`).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func date(_ key: CodingKeys) throws -> Date {
            guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return Date(timeIntervalSince1970: 0) }
            guard let date = LinkdingDate.parse(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "not an ISO 8601 date: \(text.prefix(40))")
            }
            return date
        }
        func filter(_ key: CodingKeys) throws -> FilterState {
            (try c.decodeIfPresent(String.self, forKey: key)).flatMap(FilterState.init(rawValue:)) ?? .off
        }
        self.init(id: try c.decode(Int.self, forKey: .id), name: try c.decode(String.self, forKey: .name),
                  search: try c.decodeIfPresent(String.self, forKey: .search) ?? "",
                  anyTags: try c.decodeIfPresent(String.self, forKey: .anyTags) ?? "",
                  allTags: try c.decodeIfPresent(String.self, forKey: .allTags) ?? "",
                  excludedTags: try c.decodeIfPresent(String.self, forKey: .excludedTags) ?? "",
                  filterUnread: try filter(.filterUnread), filterShared: try filter(.filterShared),
                  order: try c.decodeIfPresent(Int.self, forKey: .order) ?? 0,
                  dateCreated: try date(.dateCreated), dateModified: try date(.dateModified))
    }
}

extension BookmarkBundleDraft {
    /// The fields that are set, as linkding's bundle serializer reads them.
    public var jsonValue: JSONValue {
        var fields: [(String, JSONValue)] = []
        if let name { fields.append(("name", .string(name))) }
        if let search { fields.append(("search", .string(search))) }
        if let anyTags { fields.append(("any_tags", .string(anyTags))) }
        if let allTags { fields.append(("all_tags", .string(allTags))) }
        if let excludedTags { fields.append(("excluded_tags", .string(excludedTags))) }
        if let filterUnread { fields.append(("filter_unread", .string(filterUnread))) }
        if let filterShared { fields.append(("filter_shared", .string(filterShared))) }
        if let order { fields.append(("order", .int(order))) }
        return .object(fields)
    }
}
