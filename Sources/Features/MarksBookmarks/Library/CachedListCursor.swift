import Foundation
import MarksCore

/// The `next` of a page the library answered from its cache (a search naming a tag some bookmark carries as an
/// AI tag): the query, filters, sort and offset, as a `marks-cache:` link that `LibraryService.loadMore` reads.
struct CachedListCursor: Equatable {
    static let scheme = "marks-cache"

    var search: String
    var unreadOnly: Bool
    var sort: BookmarkSort
    var offset: Int
    var limit: Int

    /// The cursor of a `marks-cache:` link, or nil for any other link.
    init?(_ link: String) {
        guard link.hasPrefix(Self.scheme + ":"), let components = URLComponents(string: link) else { return nil }
        let items = Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        guard let offset = items["offset"].flatMap(Int.init), offset >= 0,
              let limit = items["limit"].flatMap(Int.init), limit > 0,
              let sort = items["sort"].flatMap(BookmarkSort.init(rawValue:)) else { return nil }
        self.init(search: items["q"] ?? "", unreadOnly: items["unread"] == "1", sort: sort, offset: offset, limit: limit)
    }

    init(search: String, unreadOnly: Bool, sort: BookmarkSort, offset: Int, limit: Int) {
        self.search = search
        self.unreadOnly = unreadOnly
        self.sort = sort
        self.offset = offset
        self.limit = limit
    }

    /// The cursor as a link.
    var link: String {
        var components = URLComponents()
        components.scheme = Self.scheme
        components.path = "list"
        components.queryItems = [URLQueryItem(name: "q", value: search), URLQueryItem(name: "unread", value: unreadOnly ? "1" : "0"),
                                 URLQueryItem(name: "sort", value: sort.rawValue), URLQueryItem(name: "offset", value: String(offset)),
                                 URLQueryItem(name: "limit", value: String(limit))]
        return components.string ?? "\(Self.scheme):list"
    }
}
