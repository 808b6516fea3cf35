import Foundation
import HTTPServer
import MarksCore
import MarksLibrary

/// Accept and Dismiss for a bookmark's AI tags (`AITagMenuView`).
extension WebController {
    /// `POST /bookmarks/:id/tags/accept` with `tag`: the AI tag becomes a real tag (the source gets the change).
    func acceptAITag(_ request: HTTPRequest) async throws -> HTTPResponse {
        let id = try Self.bookmarkID(request)
        let form = try request.form()
        try await library.acceptAITag(id: id, tag: try Self.aiTag(form))
        return done(request, back: Self.returnPath(form, fallback: "/bookmarks/\(id)"), notice: "tag-accepted")
    }

    /// `POST /bookmarks/:id/tags/dismiss` with `tag`: never suggested for this bookmark again.
    func dismissAITag(_ request: HTTPRequest) async throws -> HTTPResponse {
        let id = try Self.bookmarkID(request)
        let form = try request.form()
        try await library.dismissAITag(id: id, tag: try Self.aiTag(form))
        return done(request, back: Self.returnPath(form, fallback: "/bookmarks/\(id)"), notice: "tag-dismissed")
    }

    private static func aiTag(_ form: QueryParameters) throws -> String {
        let tag = (form["tag"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !tag.isEmpty else { throw HTTPError(400, "Say which tag: the form needs a tag name.") }
        return tag
    }
}
