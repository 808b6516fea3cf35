/// A tab of the app's shell. The desktop sidebar shows `sidebar`; the phone's one-row bottom bar shows
/// `phoneBar` (five slots, the last is More, which lists `moreTabs`). The bars, titles and icons follow from this
/// list.
public enum WebTab: String, Sendable, CaseIterable {
    case bookmarks
    case search
    case tags
    case podcasts
    case sources
    case ask
    case collections
    case highlights
    case settings
    case add
    case more

    /// The label in the tab bar.
    public var title: String {
        switch self {
        case .bookmarks: "Bookmarks"
        case .search: "Search"
        case .tags: "Tags"
        case .podcasts: "Podcasts"
        case .sources: "Sources"
        case .ask: "Ask"
        case .collections: "Collections"
        case .highlights: "Highlights"
        case .settings: "Settings"
        case .add: "Add"
        case .more: "More"
        }
    }

    /// Where the tab leads.
    public var path: String {
        switch self {
        case .bookmarks: "/"
        case .search: "/search"
        case .tags: "/tags"
        case .podcasts: "/podcasts"
        case .sources: "/sources"
        case .ask: "/ask"
        case .collections: "/collections"
        case .highlights: "/highlights"
        case .settings: "/settings"
        case .add: "/add"
        case .more: "/more"
        }
    }

    /// The tabs of the desktop sidebar, in order. One list in the page serves both bars, so the phone bar's tabs come
    /// in its order here too: the order a keyboard moves through is then the order either bar shows.
    public static let sidebar: [WebTab] = [.bookmarks, .search, .ask, .tags, .podcasts, .sources, .collections, .highlights, .settings]

    /// The phone's bottom bar: five slots.
    public static let phoneBar: [WebTab] = [.bookmarks, .search, .ask, .podcasts, .more]

    /// What the More page lists: every tab the phone bar has no slot for.
    public static let moreTabs: [WebTab] = [.tags, .sources, .collections, .highlights, .settings, .add]

    /// The tab lit in the phone bar when this one is current (the tabs behind More light More).
    public var phoneSlot: WebTab {
        Self.phoneBar.contains(self) ? self : .more
    }
}
