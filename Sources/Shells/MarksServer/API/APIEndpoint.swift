import HTTPServer

/// The routes of linkding's `/api/`, resolved in Django's order from the decoded path (which must end in `/`):
/// list routes and named actions before the `<pk>` detail route, nested assets under an integer bookmark id.
enum APIEndpoint: Equatable, Sendable {
    case root
    case bookmarks, archived, check, shared, singlefile
    case bookmark(String), archive(String), unarchive(String)
    case assets(bookmark: Int), assetUpload(bookmark: Int)
    case asset(bookmark: Int, String), assetDownload(bookmark: Int, String)
    case tags, tag(String)
    case bundles, bundle(String)
    case profile

    /// The endpoint for a decoded path such as `/api/bookmarks/5/`, nil when linkding has no such route.
    static func resolve(_ path: String) -> APIEndpoint? {
        guard path.hasPrefix("/api/"), path.hasSuffix("/") else { return nil }
        let parts = path.dropFirst("/api/".count).dropLast().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts == [""] { return .root }
        switch parts.first {
        case "bookmarks": return bookmarks(Array(parts.dropFirst()))
        case "tags": return detail(Array(parts.dropFirst()), list: .tags, item: APIEndpoint.tag)
        case "bundles": return detail(Array(parts.dropFirst()), list: .bundles, item: APIEndpoint.bundle)
        case "user": return parts == ["user", "profile"] ? .profile : nil
        default: return nil
        }
    }

    private static func bookmarks(_ parts: [String]) -> APIEndpoint? {
        switch parts.count {
        case 0: return .bookmarks
        case 1:
            switch parts[0] {
            case "archived": return .archived
            case "check": return .check
            case "shared": return .shared
            case "singlefile": return .singlefile
            default: return isKey(parts[0]) ? .bookmark(parts[0]) : nil
            }
        case 2 where isKey(parts[0]) && parts[1] == "archive": return .archive(parts[0])
        case 2 where isKey(parts[0]) && parts[1] == "unarchive": return .unarchive(parts[0])
        default: break
        }
        // /api/bookmarks/<int:bookmark_id>/assets/…
        guard parts.count >= 2, parts[1] == "assets", !parts[0].isEmpty, parts[0].utf8.allSatisfy({ (48...57).contains($0) }),
              let id = Int(parts[0]) else { return nil }
        let rest = Array(parts.dropFirst(2))
        switch rest.count {
        case 0: return .assets(bookmark: id)
        case 1 where rest[0] == "upload": return .assetUpload(bookmark: id)
        case 1 where isKey(rest[0]): return .asset(bookmark: id, rest[0])
        case 2 where isKey(rest[0]) && rest[1] == "download": return .assetDownload(bookmark: id, rest[0])
        default: return nil
        }
    }

    private static func detail(_ parts: [String], list: APIEndpoint, item: (String) -> APIEndpoint) -> APIEndpoint? {
        if parts.isEmpty { return list }
        if parts.count == 1, isKey(parts[0]) { return item(parts[0]) }
        return nil
    }

    /// DRF's lookup pattern `[^/.]+`.
    private static func isKey(_ segment: String) -> Bool {
        !segment.isEmpty && !segment.contains(".")
    }

    /// The methods the route answers, in DRF's `Allow` order (HEAD with GET, OPTIONS always).
    var allowedMethods: [HTTPMethod] {
        let own: [HTTPMethod]
        switch self {
        case .root, .archived, .check, .shared, .profile, .assets, .assetDownload: own = [.get]
        case .bookmarks, .tags, .bundles: own = [.get, .post]
        case .singlefile, .archive, .unarchive, .assetUpload: own = [.post]
        case .bookmark, .bundle: own = [.get, .put, .patch, .delete]
        case .tag, .asset: own = [.get, .delete]
        }
        return own + (own.contains(.get) ? [.head] : []) + [.options]
    }

    /// The `Allow` header DRF sends on every answer of the route.
    var allowHeader: String {
        allowedMethods.map(\.rawValue).joined(separator: ", ")
    }

    /// Whether `method` may be used without a token (only reading the shared list).
    func allowsAnonymous(_ method: HTTPMethod) -> Bool {
        self == .shared && (method == .get || method == .head)
    }

    /// DRF's view name (used by OPTIONS).
    var viewName: String {
        switch self {
        case .root: "Api Root"
        case .bookmarks: "Bookmark List"
        case .bookmark: "Bookmark Instance"
        case .archived: "Archived"
        case .check: "Check"
        case .shared: "Shared"
        case .singlefile: "Singlefile"
        case .archive: "Archive"
        case .unarchive: "Unarchive"
        case .assets: "Bookmark Asset List"
        case .asset: "Bookmark Asset Instance"
        case .assetUpload: "Upload"
        case .assetDownload: "Download"
        case .tags: "Tag List"
        case .tag: "Tag Instance"
        case .bundles: "Bookmark Bundle List"
        case .bundle: "Bookmark Bundle Instance"
        case .profile: "Profile"
        }
    }
}
