import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks

/// Tag management: rename (merging into an existing tag) and delete across every bookmark, through the library.
extension BookmarkListController {
    /// `POST /tags/:name/rename` with `name`: then the renamed tag's page.
    func renameTag(_ request: HTTPRequest) async throws -> HTTPResponse {
        let old = request.pathParameters["name"] ?? ""
        let new = (try request.form()["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard let target = TagNames.parse(new).first else { throw HTTPError(400, "Type the tag's new name.") }
        let report = try await library.renameTag(old, to: target)
        return redirect("/tags/" + SafeURL.encode(target), notice: report.bookmarksChanged + report.aiTagsChanged > 0 ? "tag-renamed" : "tag-unchanged")
    }

    /// `POST /tags/:name/delete`: asks first (how many bookmarks), and deletes with `confirm=1`.
    func deleteTag(_ request: HTTPRequest) async throws -> HTTPResponse {
        let tag = request.pathParameters["name"] ?? ""
        let ctx = context(request)
        guard try request.form()["confirm"] == "1" else {
            let count = try await library.load(LibraryFilter(tag: tag, limit: 1)).count
            return page("Delete #\(tag)?", tab: .tags, TagManageView.confirmation(tag: tag, count: count, csrfToken: ctx.csrfToken), context: ctx)
        }
        try await library.deleteTag(tag)
        return redirect("/tags", notice: "tag-deleted")
    }
}
