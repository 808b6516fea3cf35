import Foundation
import HTTPServer
import MarksBookmarks
import MarksCore
import MarksReading

/// A bookmark's link check: Check now (`POST /bookmarks/:id/check-link`, the check run in the request, its result
/// kept) and, for a page that moved for good, Update URL (`POST /bookmarks/:id/use-moved-url`: the bookmark's address
/// changed through the library, as an edit changes it). The status itself shows on the bookmark's page
/// (`LinkCheckView`); the weekly checks are the `links.check` job.
struct LinkCheckController: WebFeature {
    let web: WebContext
    let links: LinkChecker

    /// The link check routes.
    func mount(on r: inout Router) {
        r.post("/bookmarks/:id/check-link") { try await checkNow($0) }
        r.post("/bookmarks/:id/use-moved-url") { try await useMovedURL($0) }
    }

    /// `POST /bookmarks/:id/check-link`: checks the bookmark's link now, then back to its page.
    func checkNow(_ request: HTTPRequest) async throws -> HTTPResponse {
        let bookmark = try await library.bookmark(id: Self.bookmarkID(request))
        do {
            try await links.check(bookmark.url)
        } catch let error as LinkCheckError {
            throw HTTPError(500, error.description)
        } catch {
            throw HTTPError(503, "The link could not be checked: \(web.message(error))")
        }
        return redirect("/bookmarks/\(bookmark.id)", notice: "link-checked")
    }

    /// `POST /bookmarks/:id/use-moved-url`: the bookmark's address becomes the one its page moved to (409 when the last
    /// check found no move); the new address is checked as it was (the page answered there).
    func useMovedURL(_ request: HTTPRequest) async throws -> HTTPResponse {
        let original = try await library.bookmark(id: Self.bookmarkID(request))
        guard let check = try stored(original.url), case .moved(let to) = check.status else {
            throw HTTPError(409, "This bookmark's page has not moved (as last checked); nothing changed.")
        }
        try LibraryError.check(webURL: to)
        var edited = original
        edited.url = to
        _ = try await library.update(original, to: edited)
        do {
            try await links.check(to)
        } catch {
            web.log("the moved link \(to.prefix(200)) could not be checked again: \(error)")
        }
        return redirect("/bookmarks/\(original.id)", notice: "url-updated")
    }

    private func stored(_ url: String) throws -> LinkCheck? {
        do {
            return try links.result(url: url)
        } catch {
            throw HTTPError(500, String(describing: error))
        }
    }
}
