/// A tab of the app's shell. Later features (Podcasts, Sources, Collections, Ask) add a case here and a
/// page renderer; the tab bar, titles and keyboard hints follow from this list.
public enum WebTab: String, Sendable, CaseIterable {
    case bookmarks
    case search
    case tags
    case collections
    case add
    case settings

    /// The label in the tab bar.
    public var title: String {
        switch self {
        case .bookmarks: "Bookmarks"
        case .search: "Search"
        case .tags: "Tags"
        case .collections: "Collections"
        case .add: "Add"
        case .settings: "Settings"
        }
    }

    /// Where the tab leads.
    public var path: String {
        switch self {
        case .bookmarks: "/"
        case .search: "/search"
        case .tags: "/tags"
        case .collections: "/collections"
        case .add: "/add"
        case .settings: "/settings"
        }
    }

    /// The tabs in the order the bar shows them.
    public static let bar: [WebTab] = [.bookmarks, .search, .tags, .collections, .add, .settings]
}
