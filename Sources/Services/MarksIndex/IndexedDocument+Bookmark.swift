import MarksCore

extension IndexedDocument {
    /// The indexed fields as a bookmark (the index keeps every field a list row shows; `date_modified`
    /// is not indexed, so it reads as the date added).
    public var bookmark: Bookmark {
        Bookmark(id: id, url: url, title: title, description: description, notes: notes, isArchived: archived,
                 unread: unread, tagNames: tagNames, dateAdded: dateAdded, dateModified: dateAdded,
                 aiSummary: aiSummary, aiTags: aiTags)
    }
}
