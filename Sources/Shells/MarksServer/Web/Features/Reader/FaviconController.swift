import Foundation
import HTTPServer
import MarksCore
import MarksReading
import MarksBookmarks

/// The favicons Marks keeps (`GET /favicons/:site`), mounted when this server keeps them; and the address a row
/// shows for a bookmark's icon.
struct FaviconController: WebFeature {
    let web: WebContext
    let favicons: FaviconService

    /// The favicon route (public, as linkding's favicon files are).
    func mount(on r: inout Router) {
        r.get("/favicons/:site") { try favicon($0) }
    }

    /// `GET /favicons/:site`: the icon Marks keeps for a site, cached for a year (its address carries the ETag,
    /// so a new icon gets a new address); 304 for a matching `If-None-Match`, 404 when there is none.
    func favicon(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let site = request.pathParameters["site"],
              let icon = try favicons.store.favicon(of: site.lowercased()) else {
            throw HTTPError(404, "Marks has no icon for this site.")
        }
        let etag = "\"\(icon.etag)\""
        if let match = request.headers["If-None-Match"], match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag }) {
            return HTTPResponse(status: 304, headers: ["ETag": etag, "Cache-Control": Self.faviconCacheControl], body: .bytes(Data()))
        }
        return Self.image(icon.data, contentType: icon.contentType, cacheControl: Self.faviconCacheControl, etag: etag)
    }

    static let faviconCacheControl = "public, max-age=31536000, immutable"

    /// The address rows show for a bookmark's icon: Marks' own copy when it has one, else the one the bookmark
    /// server gave (linkding's own favicon file, `WebContext.favicon`, all rows get without Marks' favicons), else
    /// none (the row shows its monogram).
    static func faviconURL(_ bookmark: Bookmark, favicons: FaviconService) -> SafeURL? {
        if let site = Favicon.site(of: bookmark.url), case .found(let etag)? = favicons.store.status(of: site) {
            return SafeURL.path("/favicons/" + site, query: [("v", etag)])
        }
        return WebContext.favicon(bookmark)
    }

    /// Image bytes with a strict type, `nosniff` and a policy under which nothing in them can run.
    static func image(_ data: Data, contentType: String, cacheControl: String, etag: String?) -> HTTPResponse {
        var headers: HTTPHeaders = ["Content-Type": contentType, "Cache-Control": cacheControl, "X-Content-Type-Options": "nosniff",
                                    "Content-Security-Policy": "default-src 'none'; sandbox", "Content-Disposition": "inline"]
        if let etag { headers["ETag"] = etag }
        return HTTPResponse(status: 200, headers: headers, body: .bytes(data))
    }
}
