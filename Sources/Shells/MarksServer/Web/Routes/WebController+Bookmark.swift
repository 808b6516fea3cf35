import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import MarksFetch

/// One bookmark: its page, the reader view, reading progress, edit, archive and unarchive (delete and restore: `+Trash`).
extension WebController {
    /// `/bookmarks/:id`.
    /// With the bookmark server down, the copy saved on this computer is shown, and the page says so.
    func bookmark(_ request: HTTPRequest) async throws -> HTTPResponse {
        let read = try await library.bookmarkOrCopy(id: Self.bookmarkID(request))
        let bookmark = read.value
        let ctx = context(request)
        var extras = reading.extras(for: bookmark.id)
        extras.podcast = rows.podcasts([bookmark.id])[bookmark.id]
        var view = BookmarkPage(bookmark: bookmark, extras: extras, dates: dates, context: ctx)
        view.podcastAction = options.podcastManager != nil
        view.stale = read.offline.map { "Showing the copy saved on this computer — \($0.reason)" }
        view.highlight = PassageHighlight(request.query["highlight"])
        return page(view.title, tab: nil, view.render(), context: ctx)
    }

    /// `/bookmarks/:id/read`: the page fetched and reduced to its text.
    func read(_ request: HTTPRequest) async throws -> HTTPResponse {
        let bookmark = try await library.bookmark(id: Self.bookmarkID(request))
        let ctx = context(request)
        let content: ReaderPage.Content
        if let reader {
            do {
                let article = try await reader(bookmark.url)
                reading.recordWords(article.wordCount, for: bookmark.id)
                content = article.paragraphs.isEmpty ? .failed("the page has no readable text.") : .article(article)
            } catch FetchError.disabled {
                content = .fetchingOff
            } catch {
                content = .failed(String(describing: error))
            }
        } else {
            content = .failed("the reader is not available in this build.")
        }
        var view = ReaderPage(bookmark: bookmark, content: content, context: ctx)
        view.markReadAtEnd = preferences.current.markReadAtEnd
        view.highlight = PassageHighlight(request.query["highlight"])
        return readerPage(view, request: request)
    }

    /// `POST /bookmarks/:id/progress` with `progress` 0…1, sent by the reader's script.
    func progress(_ request: HTTPRequest) throws -> HTTPResponse {
        let id = try Self.bookmarkID(request)
        guard let value = try request.form()["progress"].flatMap(Double.init), value.isFinite, (0...1).contains(value) else {
            throw HTTPError(400, "progress must be a number from 0 to 1.")
        }
        reading.recordProgress(value, for: id)
        return .noContent
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
                (status, _, problem) = describe(error)
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

    /// The person's tag names for autocomplete; empty (and a log line) when the source cannot list them right now.
    func knownTags() async -> [String] {
        do {
            return try await library.tagNames()
        } catch {
            options.log("tag names for autocomplete unavailable: \(error)")
            return []
        }
    }
}
