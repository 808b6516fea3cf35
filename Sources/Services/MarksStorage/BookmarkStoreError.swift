import MarksCore
import SQLiteDatabase

/// What the embedded store refuses or fails at, worded as linkding words it where linkding has words.
public enum BookmarkStoreError: Error, Equatable, Sendable {
    /// No such object; `kind` is linkding's model name (`Bookmark`, `Tag`, `BookmarkBundle`).
    case notFound(kind: String)
    /// Refused input: linkding's 400 body as field → messages; list entries are keyed `field.index` (`tag_names.2`).
    case invalid([String: [String]])
    /// The database failed (disk full, file locked for longer than the busy timeout, corruption).
    case database(SQLiteError)

    /// A sentence for a person (linkding's `detail` for `notFound`).
    public var message: String {
        switch self {
        case .notFound(let kind): return "No \(kind) matches the given query."
        case .invalid(let fields):
            return fields.keys.sorted().map { "\($0): \(fields[$0, default: []].joined(separator: " "))" }.joined(separator: "; ")
        case .database(let error): return "The bookmark database failed: \(error.message)"
        }
    }

    /// The same failure as the bookmark-source seam reports it.
    public var sourceError: BookmarkSourceError {
        switch self {
        case .notFound: return .notFound
        case .invalid(let fields): return .invalid(fields)
        case .database: return .server(status: 500, message: message)
        }
    }
}
