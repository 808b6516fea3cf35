import Foundation

/// What a bookmark list asks for: linkding's list parameters, and whether it lists archived bookmarks.
public struct BookmarkListQuery: Sendable, Equatable {
    /// linkding's default and fallback page size.
    public static let defaultLimit = 100

    public var search: String
    public var limit: Int
    public var offset: Int
    public var archived: Bool
    public var unread: Bool?
    public var shared: Bool?
    public var sort: BookmarkSort
    public var modifiedSince: Date?
    public var addedSince: Date?
    public var bundle: Int?

    /// A list query; defaults match linkding's.
    public init(
        search: String = "", limit: Int = BookmarkListQuery.defaultLimit, offset: Int = 0, archived: Bool = false,
        unread: Bool? = nil, shared: Bool? = nil, sort: BookmarkSort = .addedDesc, modifiedSince: Date? = nil,
        addedSince: Date? = nil, bundle: Int? = nil
    ) {
        self.search = search
        self.limit = limit
        self.offset = offset
        self.archived = archived
        self.unread = unread
        self.shared = shared
        self.sort = sort
        self.modifiedSince = modifiedSince
        self.addedSince = addedSince
        self.bundle = bundle
    }

    /// The API path of the list, relative to the server's prefix.
    public var path: String { archived ? "/api/bookmarks/archived/" : "/api/bookmarks/" }

    /// The query parameters linkding understands, unencoded, in a stable order; defaults are left out.
    public var parameters: [(String, String)] {
        var items: [(String, String)] = []
        if !search.isEmpty { items.append(("q", search)) }
        items.append(("limit", String(limit)))
        if offset > 0 { items.append(("offset", String(offset))) }
        if let unread { items.append(("unread", unread ? "yes" : "no")) }
        if let shared { items.append(("shared", shared ? "yes" : "no")) }
        if sort != .addedDesc { items.append(("sort", sort.rawValue)) }
        if let modifiedSince { items.append(("modified_since", LinkdingDate.format(modifiedSince))) }
        if let addedSince { items.append(("added_since", LinkdingDate.format(addedSince))) }
        if let bundle { items.append(("bundle", String(bundle))) }
        return items
    }

    /// Reads linkding's list parameters the way linkding does: bad numbers fall back to defaults,
    /// an unknown sort is `added_desc`, a bad date is ignored. `archived` comes from the path.
    public init(parameters: [(String, String)], archived: Bool) {
        func first(_ name: String) -> String? { parameters.first { $0.0 == name }?.1 }
        self.init(archived: archived)
        search = first("q") ?? ""
        if let text = first("limit"), let value = Int(text), value > 0 { limit = value }
        if let text = first("offset"), let value = Int(text), value > 0 { offset = value }
        unread = Self.yesNo(first("unread"))
        shared = Self.yesNo(first("shared"))
        sort = first("sort").flatMap(BookmarkSort.init(rawValue:)) ?? .addedDesc
        modifiedSince = first("modified_since").flatMap(LinkdingDate.parse)
        addedSince = first("added_since").flatMap(LinkdingDate.parse)
        bundle = first("bundle").flatMap { Int($0) }
    }

    private static func yesNo(_ text: String?) -> Bool? {
        switch text {
        case "yes": return true
        case "no": return false
        default: return nil
        }
    }
}
