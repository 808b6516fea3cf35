import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks

/// The Add flow: the form (also the PWA share target), the paste box, the duplicate check and saving.
extension BookmarkController {
    /// `GET /add?url=…&title=…&text=…`: the form, filled from a share (text may carry the URL).
    func addForm(_ request: HTTPRequest) async -> HTTPResponse {
        var values = BookmarkFormValues()
        let text = (request.query["text"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        let shared = PastedText.share(url: request.query["url"], text: text)
        values.url = shared.url ?? request.query["url"] ?? ""
        values.title = request.query["title"].flatMap { $0.isEmpty ? nil : $0 } ?? shared.title ?? ""
        values.notes = shared.notes
        // A link may say (`unread=1` or `0`); otherwise the reading preference decides (unread by default).
        values.unread = request.query["unread"].map { $0 == "1" } ?? preferences.current.newSavesUnread
        var view = AddPage(values: values, context: context(request))
        if request.path == "/share", let share = served.share, !(shared.url ?? "").isEmpty {
            do {
                let draft = try await share.prepare(sharedURL: request.query["url"], title: request.query["title"], text: text)
                view.values.url = draft.url
                view.values.title = draft.title
                view.values.notes = draft.notes
                view.values.tags = draft.tags.joined(separator: ", ")
                view.values.unread = draft.unread || view.values.unread
                view.share = AddPage.ShareFields(createPodcast: draft.createPodcast, suggestedTags: draft.suggestedTags,
                                                 updatesExisting: draft.updatesExisting)
            } catch {
                view.problem = message(error)
            }
        }
        return await addPage(request, view)
    }

    /// `POST /add/paste`: pulls the first web address out of the pasted text; the rest becomes notes.
    func paste(_ request: HTTPRequest) async throws -> HTTPResponse {
        let text = Self.field(try request.form(), "paste")
        let found = PastedText.extract(text)
        var view = AddPage(context: context(request))
        if let url = found.url {
            view.values.url = url
            view.values.title = found.title ?? ""
            view.values.notes = found.notes
            view.pasteMessage = found.notes.isEmpty ? "Found \(url)." : "Found \(url); the other words are in Notes."
            view.duplicate = await existing(url)
        } else {
            view.pasteText = text
            view.problem = "No web address (http:// or https://) in that text."
        }
        return await addPage(request, view)
    }

    /// `POST /add`: refuses a bad URL, reports a URL that is already saved (unless asked to merge), else saves.
    func add(_ request: HTTPRequest) async throws -> HTTPResponse {
        let form = try request.form()
        var values = BookmarkFormValues()
        values.url = Self.field(form, "url").trimmingCharacters(in: .whitespacesAndNewlines)
        values.title = Self.field(form, "title")
        values.notes = Self.field(form, "notes")
        values.tags = Self.field(form, "tags")
        values.unread = form["unread"] == "1"
        var view = AddPage(values: values, context: context(request))
        guard !values.url.isEmpty else {
            view.problem = "Enter the address of the page to save."
            return await addPage(request, view, status: 400)
        }
        do {
            try LibraryError.check(webURL: values.url)
        } catch {
            view.problem = error.description
            return await addPage(request, view, status: 400)
        }
        if form["via"] == "share", let share = served.share {
            do {
                let outcome = try await share.save(url: values.url, title: values.title, notes: values.notes,
                                                   tags: TagNames.parse(values.tags), unread: values.unread,
                                                   createPodcast: form["podcast"] == "1")
                if !outcome.updated { await enrich(outcome.bookmark.id) }
                return redirect("/", notice: outcome.updated ? "merged" : "added")
            } catch let error as BookmarkSourceError {
                return await failedAdd(request, view, error)
            } catch let error as LibraryError {
                return await failedAdd(request, view, error)
            }
        }
        if form["merge"] != "1", let duplicate = await existing(values.url) {
            view.duplicate = duplicate
            return await addPage(request, view, status: 409)
        }
        do {
            let result = try await library.add(values.addRequest)
            await enrich(result.bookmark.id)
            return redirect("/", notice: result.existed ? "merged" : "added")
        } catch let error as BookmarkSourceError {
            return await failedAdd(request, view, error)
        } catch let error as LibraryError {
            return await failedAdd(request, view, error)
        }
    }

    /// The form again with the reason a save failed, under the error's status: 400 for refused input, 502/504 when
    /// the bookmark server is down or silent (the person's input was fine; trying again later can work).
    private func failedAdd(_ request: HTTPRequest, _ form: AddPage, _ error: any Error) async -> HTTPResponse {
        var view = form
        let failed = failure(error)
        view.problem = failed.message
        return await addPage(request, view, status: failed.status)
    }

    /// `GET /add/check?url=…`: whether the URL is saved, for the hint under the URL field.
    func checkURL(_ request: HTTPRequest) async throws -> HTTPResponse {
        let url = (request.query["url"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard URLNormalizer.isValidWebURL(url, allowDotlessHosts: true), let bookmark = await existing(url) else {
            return .json(data: Data(#"{"exists":false}"#.utf8))
        }
        let body = JSONValue.object([("exists", .bool(true)), ("id", .int(bookmark.id)), ("title", .string(bookmark.displayTitle)),
                                     ("edit", .string("/bookmarks/\(bookmark.id)/edit"))])
        return .json(data: body.data)
    }

    /// The saved bookmark with this URL, if any (nil too, with a log line, when the source cannot be asked).
    func existing(_ url: String) async -> Bookmark? {
        do {
            return try await library.check(url: url).bookmark
        } catch {
            log("could not check whether \(url.prefix(200)) is already saved: \(error)")
            return nil
        }
    }

    private func addPage(_ request: HTTPRequest, _ view: AddPage, status: Int = 200) async -> HTTPResponse {
        var view = view
        view.knownTags = await knownTags()
        return page(AddPage.title, tab: .add, view.render(), context: view.context, status: status)
    }
}
