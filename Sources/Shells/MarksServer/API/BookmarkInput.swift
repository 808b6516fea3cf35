import Foundation
import MarksCore

/// The writable fields of linkding's bookmark serializer read from a request: `url`, `title`, `description`,
/// `notes`, `is_archived`, `unread`, `shared`, `tag_names`, `date_added`, `date_modified`. Nil means "not sent".
struct BookmarkInput: Sendable {
    /// The serializer's field order, which is the order of a 400 body.
    static let fieldOrder = ["url", "title", "description", "notes", "is_archived", "unread", "shared", "tag_names",
                             "date_added", "date_modified"]

    /// How the request writes: POST creates (url required), PUT replaces (url required), PATCH sends a subset.
    enum Mode: Sendable {
        case create, replace, patch
    }

    var url: String?
    var title: String?
    var description: String?
    var notes: String?
    var isArchived: Bool?
    var unread: Bool?
    var shared: Bool?
    var tagNames: [String]?
    var dateAdded: Date?
    /// Kept on a create (linkding's `create_bookmark` keeps a given `date_modified`); a PUT or PATCH stamps now.
    var dateModified: Date?

    /// Reads the fields; throws a 400 with every field's problem.
    static func read(_ data: RequestData, mode: Mode) throws(APIError) -> BookmarkInput {
        try data.requireDictionary()
        var reader = FieldReader(data, partial: mode == .patch)
        var input = BookmarkInput()
        input.url = reader.text("url", .init(required: mode != .patch, allowBlank: false, maxLength: LinkdingLimits.urlLength, url: true))
        input.title = reader.text("title", .init(maxLength: LinkdingLimits.titleLength))
        input.description = reader.text("description")
        input.notes = reader.text("notes")
        input.isArchived = reader.bool("is_archived")
        input.unread = reader.bool("unread")
        input.shared = reader.bool("shared")
        input.tagNames = reader.textList("tag_names")
        input.dateAdded = reader.dateTime("date_added")
        input.dateModified = reader.dateTime("date_modified")
        guard reader.errors.isEmpty else { throw APIError.fields(reader.errors) }
        return input
    }

    /// The body of a create (the store refuses a blank `url` in linkding's words).
    var draft: BookmarkDraft {
        BookmarkDraft(url: url ?? "", title: title ?? "", description: description ?? "", notes: notes ?? "",
                      isArchived: isArchived ?? false, unread: unread ?? false, shared: shared ?? false,
                      tagNames: tagNames ?? [], dateAdded: dateAdded, dateModified: dateModified)
    }

    /// The fields of a PUT or PATCH.
    var update: BookmarkUpdate {
        BookmarkUpdate(url: url, title: title, description: description, notes: notes, isArchived: isArchived,
                       unread: unread, shared: shared, tagNames: tagNames, dateAdded: dateAdded)
    }
}
