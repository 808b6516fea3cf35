import Foundation

/// One bookmark of a Netscape bookmark file (the HTML format browsers and linkding import and export).
public struct NetscapeEntry: Sendable, Equatable, Hashable {
    /// `HREF`, entities decoded.
    public var url: String
    /// The text of `<A>`, trimmed.
    public var title: String
    /// The text of `<DD>` before any notes marker, trimmed.
    public var description: String
    /// linkding's notes, carried inside `<DD>` as `[linkding-notes]…[/linkding-notes]`.
    public var notes: String
    /// `TAGS`, split on commas and cleaned as linkding does (spaces become `-`), in file order.
    public var tags: [String]
    /// `ADD_DATE`, whole seconds; nil when the file has none (or an unreadable one).
    public var dateAdded: Date?
    /// `LAST_MODIFIED`, whole seconds; nil when the file has none (or an unreadable one).
    public var dateModified: Date?
    /// `TOREAD="1"`.
    public var unread: Bool
    /// `PRIVATE="0"` (linkding writes `PRIVATE="1"` for bookmarks that are not shared; browsers write nothing).
    public var shared: Bool
    /// The `linkding:bookmarks.archived` tag linkding adds on export.
    public var archived: Bool
    /// Highlights another service's export carries for it (never in a Netscape file).
    public var highlights: [ImportedHighlight]

    /// An entry; everything but the URL is optional.
    public init(
        url: String, title: String = "", description: String = "", notes: String = "", tags: [String] = [],
        dateAdded: Date? = nil, dateModified: Date? = nil, unread: Bool = false, shared: Bool = false, archived: Bool = false,
        highlights: [ImportedHighlight] = []
    ) {
        self.url = url
        self.title = title
        self.description = description
        self.notes = notes
        self.tags = tags
        self.dateAdded = dateAdded
        self.dateModified = dateModified
        self.unread = unread
        self.shared = shared
        self.archived = archived
        self.highlights = highlights
    }
}
