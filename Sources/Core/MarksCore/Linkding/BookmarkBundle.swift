import Foundation

/// A linkding bundle: a saved search (`/api/bundles/`).
public struct BookmarkBundle: Sendable, Equatable, Identifiable {
    /// A bundle's unread or shared filter.
    public enum FilterState: String, Sendable, CaseIterable {
        case off, yes, no

        /// The flag the filter asks for, or nil for `off`.
        public var flag: Bool? {
            switch self {
            case .off: return nil
            case .yes: return true
            case .no: return false
            }
        }
    }

    public var id: Int
    public var name: String
    public var search: String
    public var anyTags: String
    public var allTags: String
    public var excludedTags: String
    public var filterUnread: FilterState
    public var filterShared: FilterState
    public var order: Int
    public var dateCreated: Date
    public var dateModified: Date

    /// A bundle value.
    public init(id: Int, name: String, search: String = "", anyTags: String = "", allTags: String = "", excludedTags: String = "",
                filterUnread: FilterState = .off, filterShared: FilterState = .off, order: Int = 0,
                dateCreated: Date, dateModified: Date) {
        self.id = id
        self.name = name
        self.search = search
        self.anyTags = anyTags
        self.allTags = allTags
        self.excludedTags = excludedTags
        self.filterUnread = filterUnread
        self.filterShared = filterShared
        self.order = order
        self.dateCreated = dateCreated
        self.dateModified = dateModified
    }

    /// The bundle as linkding serialises it, fields in its order.
    public var jsonValue: JSONValue {
        .object([
            ("id", .int(id)), ("name", .string(name)), ("search", .string(search)), ("any_tags", .string(anyTags)),
            ("all_tags", .string(allTags)), ("excluded_tags", .string(excludedTags)),
            ("filter_unread", .string(filterUnread.rawValue)), ("filter_shared", .string(filterShared.rawValue)),
            ("order", .int(order)), ("date_created", .string(LinkdingDate.format(dateCreated))),
            ("date_modified", .string(LinkdingDate.format(dateModified))),
        ])
    }

    /// What the bundle filters, as a search (all but the shared filter, which is a column test): the plain words
    /// of `search` as linkding's legacy parser reads them, any of `anyTags`, all of `allTags`, none of
    /// `excludedTags`, the unread filter. Nil when it filters nothing.
    public var searchExpression: SearchExpression? {
        var parts: [SearchExpression] = []
        for word in PythonWhitespace.strip(search).split(separator: " ") {
            if word == "!untagged" || word == "!unread" || word.hasPrefix("-") || word.hasPrefix("#") { continue }
            parts.append(.term(String(word)))
        }
        let any = Self.tagNames(anyTags)
        if !any.isEmpty { parts.append(.or(any.map(SearchExpression.tag))) }
        parts += Self.tagNames(allTags).map(SearchExpression.tag)
        let excluded = Self.tagNames(excludedTags)
        if !excluded.isEmpty { parts.append(.not(.or(excluded.map(SearchExpression.tag)))) }
        switch filterUnread {
        case .off: break
        case .yes: parts.append(.unread)
        case .no: parts.append(.not(.unread))
        }
        return parts.isEmpty ? nil : .and(parts)
    }

    /// linkding's `parse_tag_string(text, " ")`: space-separated names, trimmed, blanks dropped.
    private static func tagNames(_ text: String) -> [String] {
        PythonWhitespace.strip(text).split(separator: " ").map { PythonWhitespace.strip(String($0)) }.filter { !$0.isEmpty }
    }
}
