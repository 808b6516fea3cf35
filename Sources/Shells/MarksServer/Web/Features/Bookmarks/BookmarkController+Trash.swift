import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks

/// Delete, undo and the Trash: `POST /bookmarks/:id/delete` records the delete at once (the notice after it carries
/// an Undo form), `POST /bookmarks/:id/restore` brings a bookmark back, `GET /trash` lists the trash,
/// `POST /trash/:id/purge` deletes one forever, `GET`/`POST /trash/empty` empties it after one confirmation.
extension BookmarkController {
    /// `POST /bookmarks/:id/delete`: the bookmark is in the trash before the answer goes out.
    func delete(_ request: HTTPRequest) async throws -> HTTPResponse {
        let id = try Self.bookmarkID(request)
        try await library.delete(id: id)
        let back = Self.removingQueryItem("undo", from: Self.returnPath(try request.form()))
        let path = back.hasPrefix("/bookmarks/\(id)") ? "/" : back
        return done(request, back: path + (path.contains("?") ? "&" : "?") + "undo=\(id)", notice: "deleted")
    }

    /// `POST /bookmarks/:id/restore`: Undo and the Trash's Restore. The script gets `{"id": …}` (a new id when a
    /// linkding server had deleted it already and it was saved there again).
    func restore(_ request: HTTPRequest) async throws -> HTTPResponse {
        let id = try Self.bookmarkID(request)
        let restored = try await library.restore(id: id)
        if request.headers["Accept"]?.contains("application/json") == true {
            return .json(data: JSONValue.object([("id", .int(restored.id))]).data, status: 200)
        }
        let back = Self.removingQueryItem("undo", from: Self.returnPath(try request.form()))
        return redirect(back, notice: restored.id == id ? "restored" : "recreated")
    }

    /// `GET /trash`.
    func trashPage(_ request: HTTPRequest) async -> HTTPResponse {
        let content: TrashPage.Content
        do {
            content = .loaded(try await library.trash())
        } catch {
            content = .failed(message(error))
        }
        let ctx = context(request)
        var body = TrashPage(content: content, dates: dates, context: ctx).render()
        body.append(DocumentTrashView(sources: trashedSources(), dates: dates, context: ctx).render())
        return page(TrashPage.title, tab: nil, body, context: ctx)
    }

    /// `POST /trash/:id/purge`: Delete forever.
    func purgeTrashed(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await library.purgeTrashed(id: try Self.bookmarkID(request))
        return done(request, back: "/trash", notice: "purged")
    }

    /// `GET /trash/empty`: the one confirmation.
    func confirmEmptyTrash(_ request: HTTPRequest) async throws -> HTTPResponse {
        let count = try await library.trash().count
        let ctx = context(request)
        return page("Empty trash", tab: nil, TrashPage.confirmEmpty(count: count, context: ctx), context: ctx)
    }

    /// `POST /trash/empty`.
    func emptyTrash(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await library.emptyTrash(deletedBefore: nil)
        return done(request, back: "/trash", notice: "emptied")
    }
}
