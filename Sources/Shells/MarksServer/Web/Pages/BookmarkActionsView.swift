import MarksCore

/// The actions of the bookmark page and the reader: mark read or unread, read, edit, archive, delete,
/// open in a new tab, copy link, details (list rows have their own compact set, `BookmarkRowView`). Archive and delete are submit buttons whose
/// `formaction` names the route, so they work inside any enclosing POST form that carries the CSRF
/// token; the script turns them into act-now-with-Undo.
struct BookmarkActionsView {
    var bookmark: Bookmark
    /// The bookmark's page when it is a web address (computed once by the caller).
    var open: SafeURL?
    /// The id of the element naming the bookmark, for screen readers.
    var labelledBy: String
    /// False on the bookmark page itself.
    var showDetails = true
    /// Whether the Podcast action shows (the server has podcasts).
    var podcast = false

    func render() -> HTML {
        let id = bookmark.id
        let base = "/bookmarks/\(id)"
        let archive: HTML = bookmark.isArchived
            ? "<button class=\"link\" formaction=\"\(SafeURL.path(base + "/unarchive"))\" data-act=\"unarchive\">Unarchive</button>"
            : "<button class=\"link\" formaction=\"\(SafeURL.path(base + "/archive"))\" data-act=\"archive\">Archive</button>"
        let read: HTML = bookmark.unread
            ? "<button class=\"link\" formaction=\"\(SafeURL.path(base + "/mark-read"))\" data-act=\"read\">Mark read</button>"
            : "<button class=\"link\" formaction=\"\(SafeURL.path(base + "/mark-unread"))\" data-act=\"unread\">Mark unread</button>"
        let newTab: HTML = open.map {
            """
            <a href="\($0)" target="_blank" rel="noopener noreferrer">New tab</a>\
            <button type="button" class="link js-only" data-act="copy" data-url="\($0)">Copy link</button>
            """
        } ?? .empty
        return """
            <div class="actions" role="group" aria-labelledby="\(labelledBy)">\(read)\
            <a href="\(SafeURL.path(base + "/read"))" data-key="r">Read</a>\
            <a href="\(SafeURL.path(base + "/edit"))" data-act="edit">Edit</a>\
            \(archive)\
            <button class="link" formaction="\(SafeURL.path(base + "/delete"))" data-act="delete">Delete</button>\
            \(HTML.when(podcast, "<button class=\"link\" formaction=\"\(SafeURL.path(base + "/podcast"))\" data-podcast=\"\(SafeURL.path(base + "/podcast"))\" id=\"podcast\">Podcast</button>"))\
            \(newTab)\
            \(HTML.when(showDetails, "<a href=\"\(SafeURL.path(base))\">Details</a>"))</div>
            """
    }
}
