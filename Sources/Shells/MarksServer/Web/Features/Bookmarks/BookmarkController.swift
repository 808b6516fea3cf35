import Foundation
import HTTPServer
import MarksBookmarks
import MarksCore
import MarksDocuments
import MarksReading

/// One bookmark: its page, edit, archive and unarchive; Add (`+Add`), the read-later loop (`+ReadLater`), bulk actions
/// (`+Bulk`), the trash (`+Trash`) and AI tags (`+AITags`). The reader is `ReaderController`.
struct BookmarkController: WebFeature {
    let web: WebContext
    /// A bookmark's Podcast action (`POST /bookmarks/:id/podcast`), which the rows' one form action forwards to: the
    /// podcasts feature's, or its "not set up" answer.
    let podcastBookmark: @Sendable (HTTPRequest) async throws -> HTTPResponse
    /// The trashed documents the Trash page lists below the bookmarks (none without a documents library).
    let trashedSources: @Sendable () -> [DocumentSummary]
    /// Queues the enrichment of a just-saved bookmark (nothing without enrichment jobs).
    let enrich: @Sendable (_ id: Int) async -> Void
    /// Applies a bulk action to the checked rows; returns how many changed: `BulkActions` (a durable job on a linkding
    /// server) when the server has a job runner, else `LibraryService.bulk` in the request.
    typealias ApplyBulk = @Sendable (BookmarkBulkChange, _ ids: [Int], LibraryService) async throws -> Int
    let applyBulk: ApplyBulk

    /// The bookmark routes.
    func mount(on r: inout Router) {
        r.get("/bookmarks/:id") { try await bookmark($0) }
        r.get("/bookmarks/:id/edit") { try await editForm($0) }
        r.post("/bookmarks/:id/edit") { try await saveEdit($0) }
        r.post("/bookmarks/:id/delete") { try await delete($0) }
        r.post("/bookmarks/:id/restore") { try await restore($0) }
        r.get("/trash") { await trashPage($0) }
        r.post("/trash/:id/purge") { try await purgeTrashed($0) }
        r.get("/trash/empty") { try await confirmEmptyTrash($0) }
        r.post("/trash/empty") { try await emptyTrash($0) }
        r.post("/bookmarks/:id/archive") { try await archive($0) }
        r.post("/bookmarks/:id/unarchive") { try await unarchive($0) }
        r.post("/bookmarks/action") { try await rowAction($0) }
        // The read-later loop and bulk actions.
        r.get("/bookmarks/next-unread") { try await nextUnread($0) }
        r.post("/bookmarks/:id/mark-read") { try await markRead($0) }
        r.post("/bookmarks/:id/mark-unread") { try await markUnread($0) }
        r.post("/bookmarks/bulk") { try await bulk($0) }
        r.post("/settings/reading") { try saveReadingPreferences($0) }
        r.post("/bookmarks/:id/tags/accept") { try await acceptAITag($0) }
        r.post("/bookmarks/:id/tags/dismiss") { try await dismissAITag($0) }
        // Add, and the bookmarklet's share page (`ShareService.bookmarklet`): the Add form, filled from url/title/text.
        r.get("/add") { await addForm($0) }
        r.get("/share") { await addForm($0) }
        r.post("/add") { try await add($0) }
        r.post("/add/paste") { try await paste($0) }
        r.get("/add/check") { try await checkURL($0) }
    }

    /// `/bookmarks/:id`.
    /// With the bookmark server down, the copy saved on this computer is shown, and the page says so.
    func bookmark(_ request: HTTPRequest) async throws -> HTTPResponse {
        let read = try await library.bookmarkOrCopy(id: Self.bookmarkID(request))
        let bookmark = read.value
        let ctx = context(request)
        var extras = RowExtras(reading: reading.entry(for: bookmark.id))
        extras.podcast = rows.podcasts([bookmark.id])[bookmark.id]
        var view = BookmarkPage(bookmark: bookmark, extras: extras, dates: dates, context: ctx)
        view.podcastAction = web.podcastAction
        view.stale = read.offline.map { "Showing the copy saved on this computer — \($0.reason)" }
        view.highlight = PassageHighlight(request.query["highlight"])
        view.highlights = web.highlights(bookmark.id)
        if let status = web.linkStatus {
            view.link = LinkCheckView(bookmarkID: bookmark.id, check: status(bookmark.url), now: auth.now(), csrfToken: ctx.csrfToken)
        }
        return page(view.title, tab: nil, view.render(), context: ctx)
    }

    /// `/bookmarks/:id/edit`.
    /// `return` (a local path: the list the Edit came from) is where Save and Cancel go back to.
    func editForm(_ request: HTTPRequest) async throws -> HTTPResponse {
        let bookmark = try await library.bookmark(id: Self.bookmarkID(request))
        let ctx = context(request)
        let view = EditPage(bookmark: bookmark, values: BookmarkFormValues(bookmark), knownTags: await knownTags(),
                            returnPath: request.query["return"].flatMap { SafeURL.isLocalPath($0) ? $0 : nil }, context: ctx)
        return page(EditPage.title, tab: nil, view.render(), context: ctx)
    }

    /// `POST /bookmarks/:id/edit`: only the changed fields are sent; then back to the list the Edit came from (at the
    /// bookmark's row), else to the bookmark's page.
    func saveEdit(_ request: HTTPRequest) async throws -> HTTPResponse {
        let original = try await library.bookmark(id: Self.bookmarkID(request))
        let form = try request.form()
        let back = form["return"].flatMap { SafeURL.isLocalPath($0) ? $0 : nil }
        var values = BookmarkFormValues()
        values.url = Self.field(form, "url").trimmingCharacters(in: .whitespacesAndNewlines)
        values.title = Self.field(form, "title")
        values.description = Self.field(form, "description")
        values.notes = Self.field(form, "notes")
        values.tags = Self.field(form, "tags")
        values.unread = form["unread"] == "1"
        values.shared = form["shared"] == "1"
        var problem: String?
        var status = 400
        do {
            try LibraryError.check(webURL: values.url)
        } catch {
            problem = error.description
        }
        if problem == nil {
            do {
                _ = try await library.update(original, to: values.applied(to: original))
                guard let back else { return redirect("/bookmarks/\(original.id)", notice: "updated") }
                return redirect(back, notice: "updated", anchor: "b\(original.id)")
            } catch let error as BookmarkSourceError where error != .notFound {
                // Refused input is the person's to fix (400); a server that is down is not (502/504).
                let failed = failure(error)
                (status, problem) = (failed.status, failed.message)
            }
        }
        let ctx = context(request)
        let view = EditPage(bookmark: original, values: values, problem: problem, knownTags: await knownTags(), returnPath: back, context: ctx)
        return page(EditPage.title, tab: nil, view.render(), context: ctx, status: status)
    }

    /// `POST /bookmarks/:id/archive`.
    func archive(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await library.archive(id: Self.bookmarkID(request), markingRead: preferences.current.archiveMarksRead)
        return done(request, back: Self.returnPath(try request.form()), notice: "archived")
    }

    /// `POST /bookmarks/:id/unarchive`.
    func unarchive(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await library.unarchive(id: Self.bookmarkID(request))
        return done(request, back: Self.returnPath(try request.form()), notice: "unarchived")
    }
}
