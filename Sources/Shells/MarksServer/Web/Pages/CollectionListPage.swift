import MarksCore
import MarksBookmarks

/// One saved collection at `/collections/<id>`: its name and what its members share, its bookmarks as rows, a form
/// to rename it and one to take a bookmark out of it.
struct CollectionListPage {
    var collection: SavedCollection
    /// The members on this page that still exist, in order.
    var bookmarks: [Bookmark]
    /// How many members the collection has.
    var count: Int
    var list: BookmarkListView
    var context: PageContext

    func render() -> HTML {
        """
            <p><a href="/collections">← Collections</a></p><h1 id="collection-name">\(collection.name)</h1>\
            \(shared.isEmpty ? HTML.empty : "<p class=\"hint\" id=\"collection-description\">\(shared)</p>")\
            <div class="toolbar"><span class="count" id="count">\(count) \(count == 1 ? "bookmark" : "bookmarks")</span></div>
            \(list.render())\(editing)
            """
    }

    /// What the members share: the description without the count it starts with ("142 bookmarks; rust in …"), which
    /// the count line says (and which goes stale when members are taken out).
    private var shared: String {
        let text = collection.description
        guard let counted = text.range(of: #"^[0-9][0-9,]* bookmarks?(; |\.\s*|$)"#, options: .regularExpression) else { return text }
        let rest = text[counted.upperBound...]
        return rest.prefix(1).uppercased() + rest.dropFirst()
    }

    /// Rename, and take this page's bookmarks out (a refresh keeps both).
    private var editing: HTML {
        let csrf = HTML.csrfField(context.csrfToken)
        let action = "/collections/\(collection.id)"
        let members = HTML.each(bookmarks) { bookmark in
            """
            <li><form method="post" action="\(SafeURL.path(action + "/remove"))" class="inline">\(csrf)\
            <input type="hidden" name="bookmark" value="\(bookmark.id)">\
            <button type="submit" class="link" aria-label="Take \(bookmark.displayTitle) out of this collection">Take out</button> \
            \(bookmark.displayTitle)</form></li>
            """
        }
        return """
            <details class="collection-edit" id="collection-edit"><summary>Edit collection</summary>\
            <form method="post" action="\(SafeURL.path(action + "/rename"))" class="stack">\(csrf)\
            <div><label for="collection-rename">Name</label><input type="text" id="collection-rename" name="name" \
            value="\(collection.name)" maxlength="200" required></div>\
            <div class="buttons"><button type="submit">Rename</button></div></form>\
            <ul class="collection-members">\(members)</ul></details>
            """
    }
}
