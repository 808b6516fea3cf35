import HTTPServer
import MarksCore
import MarksReading

extension LinkdingAPI {
    /// A bookmark as linkding serialises it, with `favicon_url` the absolute address of Marks' copy of the site's
    /// icon when Marks has one (null otherwise, as linkding before its favicon task has run).
    func bookmarkJSON(_ bookmark: Bookmark, for request: HTTPRequest) -> JSONValue {
        bookmarkJSONs([bookmark], for: request)[0]
    }

    /// A page of bookmarks as `bookmarkJSON` serialises each, the favicons looked up together.
    func bookmarkJSONs(_ bookmarks: [Bookmark], for request: HTTPRequest) -> [JSONValue] {
        guard let favicons else { return bookmarks.map(\.jsonValue) }
        let sites = bookmarks.map { Favicon.site(of: $0.url) }
        let statuses = favicons.store.statuses(of: sites)
        var origin: String?
        return zip(bookmarks, zip(sites, statuses)).map { bookmark, known in
            guard let site = known.0, case .found(let etag)? = known.1 else { return bookmark.jsonValue }
            var bookmark = bookmark
            let address = origin ?? self.origin(of: request)
            origin = address
            bookmark.faviconURL = address + "/favicons/" + site + "?v=" + etag
            return bookmark.jsonValue
        }
    }
}
