import HTTPServer
import MarksCore

/// Which bookmarks a list page shows and in what order, from its query: `show=unread|archived|shared|broken`
/// (`unread=1` too, as older links say) and `sort=newest|oldest|title`. Both are carried by every link the
/// page makes (filters, sort, "Load more"), so paging keeps them.
struct ListChoice: Equatable, Sendable {
    enum Show: String, CaseIterable, Sendable {
        case all, unread, archived, shared, broken

        var label: String {
            switch self {
            case .all: "All"
            case .unread: "Unread"
            case .archived: "Archived"
            case .shared: "Shared"
            case .broken: "Broken"
            }
        }
    }

    enum Sort: String, CaseIterable, Sendable {
        case newest, oldest, title

        var label: String {
            switch self {
            case .newest: "Newest"
            case .oldest: "Oldest"
            case .title: "Title"
            }
        }

        /// The source's sort.
        var bookmarkSort: BookmarkSort {
            switch self {
            case .newest: .addedDesc
            case .oldest: .addedAsc
            case .title: .titleAsc
            }
        }
    }

    var show = Show.all
    var sort = Sort.newest

    init(show: Show = .all, sort: Sort = .newest) {
        self.show = show
        self.sort = sort
    }

    /// The choice a request's query makes; unknown values fall back to the defaults.
    init(_ query: QueryParameters) {
        if query["unread"] == "1" { show = .unread }
        if let value = query["show"].flatMap(Show.init(rawValue:)) { show = value }
        sort = query["sort"].flatMap(Sort.init(rawValue:)) ?? .newest
    }

    /// The query items that say this choice (defaults left out).
    var items: [(String, String)] {
        (show == .all ? [] : [("show", show.rawValue)]) + (sort == .newest ? [] : [("sort", sort.rawValue)])
    }

    /// The same choice showing `other`.
    func showing(_ other: Show) -> ListChoice { ListChoice(show: other, sort: sort) }

    /// The same choice sorted by `other`.
    func sorted(_ other: Sort) -> ListChoice { ListChoice(show: show, sort: other) }
}
