/// Which bookmarks a list covers before any filter: linkding's three list routes.
public enum BookmarkScope: Sendable, Equatable {
    /// `GET /api/bookmarks/`: bookmarks that are not archived.
    case unarchived
    /// `GET /api/bookmarks/archived/`.
    case archived
    /// `GET /api/bookmarks/shared/`: shared bookmarks, archived ones included (as linkding's query does).
    case shared

    var condition: String {
        switch self {
        case .unarchived: return "b.is_archived = 0"
        case .archived: return "b.is_archived = 1"
        case .shared: return "b.shared = 1"
        }
    }
}
