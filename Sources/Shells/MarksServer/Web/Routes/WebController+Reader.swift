import Foundation
import HTTPServer
import MarksCore
import MarksFetch
import MarksReading

/// The reader's own routes: the signed image proxy, the text size and width form, and the favicons Marks keeps.
extension WebController {
    /// The signature purpose of reader image addresses.
    static let readerImagePurpose = "reader-image"

    /// The reader page with this request's preferences and image proxy, under a policy that allows images
    /// only from this origin (the article's images all come through the proxy).
    func readerPage(_ view: ReaderPage, request: HTTPRequest) -> HTTPResponse {
        var view = view
        view.preferences = ReaderPreferences(cookie: request.cookies[ReaderPreferences.cookieName])
        view.imageURL = { [auth, options] url in
            guard options.images != nil, SafeURL.web(url) != nil else { return nil }
            return SafeURL.path("/reader/image", query: [("u", url), ("s", auth.sign(Self.readerImagePurpose, url))])
        }
        var response = page(view.title, tab: nil, view.render(), context: view.context)
        response.headers["Content-Security-Policy"] = SecurityHeaders.readerContentSecurityPolicy
        return response
    }

    /// `GET /reader/image?u=…&s=…`: an image of an article, fetched through the one page fetcher (address checks,
    /// 4 MB cap, raster types only, checked by their bytes) and served with the type its bytes are, `nosniff` and
    /// a policy that lets nothing run. Only addresses this server signed are fetched, so it is not an open proxy.
    func readerImage(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let address = request.query["u"], let signature = request.query["s"],
              auth.verify(Self.readerImagePurpose, address, signature: signature) else {
            throw HTTPError(403, "This image address was not made by this server.")
        }
        guard let images = options.images else { throw HTTPError(404, "Images are not fetched on this server.") }
        guard SafeURL.web(address) != nil, let url = URL(string: address) else { throw HTTPError(400, "Not an http(s) image address.") }
        let image: RemoteImage
        do {
            image = try await images.fetch(url, maxBytes: ImageFetcher.readerImageLimit)
        } catch let error as ImageFetcher.ImageError {
            throw HTTPError(502, error.description)
        } catch let error as FetchError {
            throw HTTPError(502, error.description)
        }
        return Self.image(image.data, contentType: image.contentType, cacheControl: "private, max-age=86400", etag: nil)
    }

    /// `POST /reader/settings` with `size` and `width`: kept in a cookie, back to the article.
    func saveReaderSettings(_ request: HTTPRequest) throws -> HTTPResponse {
        let form = try request.form()
        guard let size = form["size"].flatMap(ReaderPreferences.Size.init(rawValue:)),
              let width = form["width"].flatMap(ReaderPreferences.Width.init(rawValue:)) else {
            throw HTTPError(400, "Choose a text size and a width.")
        }
        var response = redirect(Self.returnPath(form))
        response.setCookie(SetCookie(name: ReaderPreferences.cookieName, value: ReaderPreferences(size: size, width: width).cookieValue,
                                     maxAge: 400 * 86_400))
        return response
    }

    /// `GET /favicons/:site`: the icon Marks keeps for a site, cached for a year (its address carries the ETag,
    /// so a new icon gets a new address); 304 for a matching `If-None-Match`, 404 when there is none.
    func favicon(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let favicons = options.favicons, let site = request.pathParameters["site"],
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
    /// server gave (linkding's own favicon file), else none (the row shows its monogram).
    static func faviconURL(_ bookmark: Bookmark, favicons: FaviconService?) -> SafeURL? {
        if let favicons, let site = Favicon.site(of: bookmark.url), case .found(let etag)? = favicons.store.status(of: site) {
            return SafeURL.path("/favicons/" + site, query: [("v", etag)])
        }
        return Self.favicon(bookmark)
    }

    /// Image bytes with a strict type, `nosniff` and a policy under which nothing in them can run.
    static func image(_ data: Data, contentType: String, cacheControl: String, etag: String?) -> HTTPResponse {
        var headers: HTTPHeaders = ["Content-Type": contentType, "Cache-Control": cacheControl, "X-Content-Type-Options": "nosniff",
                                    "Content-Security-Policy": "default-src 'none'; sandbox", "Content-Disposition": "inline"]
        if let etag { headers["ETag"] = etag }
        return HTTPResponse(status: 200, headers: headers, body: .bytes(data))
    }
}
