import HTTPServer
import MarksCore
import MarksLibrary

extension LinkdingAPI {
    /// A bookmark as linkding serialises it, with `favicon_url` the absolute address of Marks' copy of the site's
    /// icon when Marks has one (null otherwise, as linkding before its favicon task has run).
    func bookmarkJSON(_ bookmark: Bookmark, for request: HTTPRequest) -> JSONValue {
        var bookmark = bookmark
        if let favicons, let site = Favicon.site(of: bookmark.url), case .found(let etag)? = favicons.store.status(of: site) {
            bookmark.faviconURL = origin(of: request) + "/favicons/" + site + "?v=" + etag
        }
        return bookmark.jsonValue
    }
}
