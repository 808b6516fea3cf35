import MarksCore
import MarksBookmarks

/// What the Add and Edit forms hold, as typed (tags as one comma-separated string).
struct BookmarkFormValues: Sendable, Equatable {
    var url = ""
    var title = ""
    var description = ""
    var notes = ""
    var tags = ""
    var unread = false
    var shared = false

    /// The values of an existing bookmark.
    init(_ bookmark: Bookmark) {
        url = bookmark.url
        title = bookmark.title
        description = bookmark.description
        notes = bookmark.notes
        tags = bookmark.tagNames.joined(separator: ", ")
        unread = bookmark.unread
        shared = bookmark.shared
    }

    /// Empty values.
    init() {}

    /// Tags cleaned as linkding cleans them.
    var tagNames: [String] { TagNames.parse(tags) }

    /// The add request for these values.
    var addRequest: AddBookmarkRequest {
        AddBookmarkRequest(url: url.trimmingCharacters(in: .whitespacesAndNewlines), title: title.trimmingCharacters(in: .whitespacesAndNewlines),
                           notes: notes, description: description, tags: tagNames, unread: unread, shared: shared)
    }

    /// `original` with these values applied (so `LibraryService.update(original, to:)` sends only what changed).
    func applied(to original: Bookmark) -> Bookmark {
        var edited = original
        edited.url = url.trimmingCharacters(in: .whitespacesAndNewlines)
        edited.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        edited.description = description
        edited.notes = notes
        edited.tagNames = tagNames
        edited.unread = unread
        edited.shared = shared
        return edited
    }
}
