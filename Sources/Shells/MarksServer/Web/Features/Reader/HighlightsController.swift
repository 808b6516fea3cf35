import Foundation
import HTMLExtraction
import HTTPServer
import MarksCore
import MarksReading

/// Highlights and notes: made from a selection in the reader (`POST /bookmarks/:id/highlights`, checked against the
/// page's text), a note edited or a highlight deleted, and the Highlights view across the library (`/highlights`).
/// Every change answers a form with a redirect and the reader's script (`Accept: application/json`) with JSON.
struct HighlightsController: WebFeature {
    let web: WebContext
    let store: HighlightStore
    /// The reader's text of a page (the archive's, else fetched and archived), to check a quote against.
    let extract: ReaderController.Extract
    /// Told of each change to a bookmark's highlights (the search index takes them again).
    let changed: @Sendable (_ bookmarkID: Int) async -> Void

    /// The most highlights the Highlights view lists.
    static let viewLimit = 500

    func mount(on r: inout Router) {
        r.post("/bookmarks/:id/highlights") { try await create($0) }
        r.post("/highlights/:id") { try await update($0) }
        r.post("/highlights/:id/delete") { try await delete($0) }
        r.get("/highlights") { try await view($0) }
        r.get("/highlights/export") { try await export($0) }
    }

    /// The source the highlights of this request's library are kept under.
    private var source: String { library.source.identity }

    /// `POST /bookmarks/:id/highlights` with `quote`, `prefix`, `suffix`, `note`: stored when the bookmark exists and
    /// the quote is in its page's text.
    func create(_ request: HTTPRequest) async throws -> HTTPResponse {
        let form = try request.form()
        let draft = try HighlightDraft(quote: Self.field(form, "quote"), prefix: Self.field(form, "prefix"),
                                       suffix: Self.field(form, "suffix"), note: form["note"]).validated()
        let bookmark = try await library.bookmark(id: Self.bookmarkID(request))
        let article = try await extract(bookmark.url)
        let tokens = article.content?.tokens ?? article.paragraphs.flatMap { [ArticleToken.start(.p, []), .text($0), .end(.p)] }
        guard let text = ArticleText(tokens, byBlock: false).spans.first?.text, draft.anchor.place(in: text) != nil else {
            throw HighlightError.notInText
        }
        let highlight = try store.add(draft, source: source, bookmarkID: bookmark.id, url: bookmark.url)
        await changed(bookmark.id)
        if Self.wantsJSON(request) { return json(highlight, request: request, status: 201) }
        return redirect("/bookmarks/\(bookmark.id)/read", anchor: "hl-\(highlight.id)")
    }

    /// `POST /highlights/:id` with `note` (blank removes it).
    func update(_ request: HTTPRequest) async throws -> HTTPResponse {
        let form = try request.form()
        let highlight = try store.updateNote(id: try Self.highlightID(request), source: source, note: form["note"])
        await changed(highlight.bookmarkID)
        if Self.wantsJSON(request) { return json(highlight, request: request) }
        return redirect(Self.returnPath(form, fallback: "/bookmarks/\(highlight.bookmarkID)/read"), notice: "highlight-saved",
                        anchor: "hl-item-\(highlight.id)")
    }

    /// `POST /highlights/:id/delete`.
    func delete(_ request: HTTPRequest) async throws -> HTTPResponse {
        let form = try request.form()
        let id = try Self.highlightID(request)
        let bookmarkID = try store.highlight(id: id, source: source)?.bookmarkID
        try store.delete(id: id, source: source)
        if let bookmarkID { await changed(bookmarkID) }
        return done(request, back: Self.returnPath(form, fallback: "/highlights"), notice: "highlight-deleted", anchor: "highlights")
    }

    /// `GET /highlights[?q=…][&tag=…]`: the library's highlights, newest first.
    func view(_ request: HTTPRequest) async throws -> HTTPResponse {
        let query = request.query["q"]?.trimmingCharacters(in: .whitespaces) ?? ""
        let tag = request.query["tag"].flatMap { $0.isEmpty ? nil : $0 }
        var found = try store.highlights(source: source, matching: query, limit: Self.viewLimit)
        let bookmarks = try await library.bookmarks(ids: Array(Set(found.map(\.bookmarkID))))
        let byID = Dictionary(bookmarks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        if let tag {
            found = found.filter { byID[$0.bookmarkID]?.tagNames.contains { $0.caseInsensitiveCompare(tag) == .orderedSame } == true }
        }
        let tags = Set(bookmarks.flatMap(\.tagNames)).sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
        let page = HighlightsPage(highlights: found, bookmarks: byID, query: query, tag: tag, tags: tags, dates: dates, context: context(request))
        return self.page("Highlights", tab: .highlights, page.render(), context: page.context)
    }

    /// `GET /highlights/export`: every highlight as one Markdown note (front matter, a section per bookmark), as a
    /// download — what `marks highlights export` writes.
    func export(_ request: HTTPRequest) async throws -> HTTPResponse {
        let found = try store.highlights(source: source)
        var order: [Int] = []
        var groups: [Int: [Highlight]] = [:]
        for highlight in found {
            if groups[highlight.bookmarkID] == nil { order.append(highlight.bookmarkID) }
            groups[highlight.bookmarkID, default: []].append(highlight)
        }
        let bookmarks = Dictionary(try await library.bookmarks(ids: order).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let now = auth.now()
        let text = HighlightMarkdown.collection(order.map { (bookmarks[$0], (groups[$0] ?? []).sorted { $0.id < $1.id }) }, exportedAt: now)
        return HTTPResponse(status: 200, headers: [
            "Content-Type": "text/markdown; charset=utf-8",
            "Content-Disposition": "attachment; filename=\"marks-highlights-\(dates.iso(now)).md\"",
            "Cache-Control": "no-store",
        ], body: .bytes(Data(text.utf8)))
    }

    /// A highlight as the script takes it: its fields and its list item, rendered as the page renders it.
    private func json(_ highlight: Highlight, request: HTTPRequest, status: Int = 200) -> HTTPResponse {
        let item = HighlightListView(bookmarkID: highlight.bookmarkID, highlights: [], csrfToken: context(request).csrfToken,
                                     returnPath: "/bookmarks/\(highlight.bookmarkID)/read").item(highlight)
        let value = JSONValue.object([
            ("id", .int(highlight.id)), ("bookmark_id", .int(highlight.bookmarkID)), ("quote", .string(highlight.quote)),
            ("prefix", .string(highlight.anchor.prefix)), ("suffix", .string(highlight.anchor.suffix)),
            ("note", highlight.note.map(JSONValue.string) ?? .null), ("item", .string(String(decoding: item.bytes, as: UTF8.self))),
        ])
        return .json(data: value.data, status: status)
    }

    private static func highlightID(_ request: HTTPRequest) throws -> Int {
        guard let text = request.pathParameters["id"], let id = Int(text), id > 0 else {
            throw HTTPError(404, "There is no highlight at this address.")
        }
        return id
    }
}
