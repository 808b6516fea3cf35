import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks

/// Accept and Dismiss for a bookmark's AI tags (`AITagMenuView`).
extension BookmarkController {
    /// `POST /bookmarks/:id/tags/accept` with `tag`: the AI tag becomes a real tag (the source gets the change).
    func acceptAITag(_ request: HTTPRequest) async throws -> HTTPResponse {
        let id = try Self.bookmarkID(request)
        let form = try request.form()
        return try await acceptAITag(request, id: id, tag: Self.aiTag(form["tag"]), back: Self.returnPath(form, fallback: "/bookmarks/\(id)"))
    }

    /// `POST /bookmarks/:id/tags/dismiss` with `tag`: never suggested for this bookmark again.
    func dismissAITag(_ request: HTTPRequest) async throws -> HTTPResponse {
        let id = try Self.bookmarkID(request)
        let form = try request.form()
        return try await dismissAITag(request, id: id, tag: Self.aiTag(form["tag"]), back: Self.returnPath(form, fallback: "/bookmarks/\(id)"))
    }

    /// Accept, answered as a script request (204) or by a redirect to `back` (and `#anchor` there, when given).
    func acceptAITag(_ request: HTTPRequest, id: Int, tag: String, back: String, anchor: String? = nil) async throws -> HTTPResponse {
        try await library.acceptAITag(id: id, tag: tag)
        return done(request, back: back, notice: "tag-accepted", anchor: anchor)
    }

    /// Dismiss, answered as `acceptAITag` is.
    func dismissAITag(_ request: HTTPRequest, id: Int, tag: String, back: String, anchor: String? = nil) async throws -> HTTPResponse {
        try await library.dismissAITag(id: id, tag: tag)
        return done(request, back: back, notice: "tag-dismissed", anchor: anchor)
    }

    /// The tag a form names, trimmed; a 400 when it names none.
    static func aiTag(_ field: String?) throws -> String {
        let tag = (field ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !tag.isEmpty else { throw HTTPError(400, "Say which tag: the form needs a tag name.") }
        return tag
    }
}
