import Foundation
import HTMLExtraction
import HTTPServer
import MarksCore
import MarksDocuments
import MarksReading

/// Highlights and notes: made from a selection in the reader (`POST /bookmarks/:id/highlights`, checked against the
/// page's text) or in a document's text (`POST /sources/:id/highlights`, checked against the text its page shows), a
/// note edited or a highlight deleted, and the Highlights view across the library (`/highlights`).
/// Every change answers a form with a redirect and the reader's script (`Accept: application/json`) with JSON.
struct HighlightsController: WebFeature {
    let web: WebContext
    let store: HighlightStore
    /// The reader's text of a page (the archive's, else fetched and archived), to check a quote against.
    let extract: ReaderController.Extract
    /// Told of each change to a bookmark's highlights (the search index takes them again).
    let changed: @Sendable (_ bookmarkID: Int) async -> Void
    /// The documents (Sources), when this server keeps them: their highlights are made here too.
    var documents: DocumentLibrary? = nil
    /// Told of each change to a document's highlights (the search index takes them again).
    var documentChanged: @Sendable (_ documentID: UUID) async -> Void = { _ in }

    /// The most highlights the Highlights view lists.
    static let viewLimit = 500

    func mount(on r: inout Router) {
        r.post("/bookmarks/:id/highlights") { try await create($0) }
        r.post("/sources/:id/highlights") { try await createOnDocument($0) }
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

    /// `POST /sources/:id/highlights` with `quote`, `prefix`, `suffix`, `note`: stored when the document exists and the
    /// quote is in the text its page shows (`DocumentText`).
    func createOnDocument(_ request: HTTPRequest) async throws -> HTTPResponse {
        let form = try request.form()
        let draft = try HighlightDraft(quote: Self.field(form, "quote"), prefix: Self.field(form, "prefix"),
                                       suffix: Self.field(form, "suffix"), note: form["note"]).validated()
        guard let documents else { throw HTTPError(404, "This server keeps no sources.") }
        let document = try documents.source(id: try DocumentsController.sourceID(request))
        guard draft.anchor.place(in: DocumentText(document).placingText) != nil else { throw HighlightError.notInText }
        let highlight = try store.add(draft, documentID: document.summary.id)
        await documentChanged(document.summary.id)
        if Self.wantsJSON(request) { return json(highlight, request: request, status: 201) }
        return redirect(Self.textPath(highlight), anchor: "hl-\(highlight.id)")
    }

    /// `POST /highlights/:id` with `note` (blank removes it).
    func update(_ request: HTTPRequest) async throws -> HTTPResponse {
        let form = try request.form()
        let highlight = try store.updateNote(id: try Self.highlightID(request), source: source, note: form["note"])
        await tell(highlight.subject)
        if Self.wantsJSON(request) { return json(highlight, request: request) }
        return redirect(Self.returnPath(form, fallback: Self.textPath(highlight)), notice: "highlight-saved", anchor: "hl-item-\(highlight.id)")
    }

    /// `POST /highlights/:id/delete`.
    func delete(_ request: HTTPRequest) async throws -> HTTPResponse {
        let form = try request.form()
        let id = try Self.highlightID(request)
        let subject = try store.highlight(id: id, source: source)?.subject
        try store.delete(id: id, source: source)
        if let subject { await tell(subject) }
        return done(request, back: Self.returnPath(form, fallback: "/highlights"), notice: "highlight-deleted", anchor: "highlights")
    }

    /// Tells whoever follows a bookmark's or document's highlights that they changed.
    private func tell(_ subject: HighlightSubject) async {
        switch subject {
        case .bookmark(_, let id, _): await changed(id)
        case .document(let id): await documentChanged(id)
        }
    }

    /// The page that shows a highlight's text: the reader, or the document's page.
    static func textPath(_ highlight: Highlight) -> String {
        switch highlight.subject {
        case .bookmark(_, let id, _): "/bookmarks/\(id)/read"
        case .document(let id): "/sources/" + id.uuidString.lowercased()
        }
    }

    /// The bookmarks and documents `highlights` were made on (a gone one is left out; documents in the trash are kept).
    func subjects(of highlights: [Highlight]) async throws -> (bookmarks: [Int: Bookmark], documents: [UUID: DocumentSummary]) {
        let bookmarks = try await library.bookmarks(ids: Array(Set(highlights.compactMap(\.bookmarkID))))
        var found: [UUID: DocumentSummary] = [:]
        if let documents, highlights.contains(where: { $0.documentID != nil }) {
            for summary in try documents.list() + documents.trash() { found[summary.id] = summary }
        }
        return (Dictionary(bookmarks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }), found)
    }

    /// `GET /highlights[?q=…][&tag=…]`: the library's highlights, newest first.
    func view(_ request: HTTPRequest) async throws -> HTTPResponse {
        let query = request.query["q"]?.trimmingCharacters(in: .whitespaces) ?? ""
        let tag = request.query["tag"].flatMap { $0.isEmpty ? nil : $0 }
        var found = try store.highlights(source: source, matching: query, limit: Self.viewLimit)
        let (byID, documents) = try await subjects(of: found)
        let tagsOf: (Highlight) -> [String] = { highlight in
            switch highlight.subject {
            case .bookmark(_, let id, _): byID[id]?.tagNames ?? []
            case .document(let id): documents[id]?.tags ?? []
            }
        }
        let tags = Set(found.flatMap(tagsOf)).sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
        if let tag {
            found = found.filter { tagsOf($0).contains { $0.caseInsensitiveCompare(tag) == .orderedSame } }
        }
        let page = HighlightsPage(highlights: found, bookmarks: byID, documents: documents, query: query, tag: tag, tags: tags, dates: dates,
                                  context: context(request))
        return self.page("Highlights", tab: .highlights, page.render(), context: page.context)
    }

    /// `GET /highlights/export`: every highlight as one Markdown note (front matter, a section per bookmark or
    /// document), as a download — what `marks highlights export` writes.
    func export(_ request: HTTPRequest) async throws -> HTTPResponse {
        let found = try store.highlights(source: source)
        let (bookmarks, documents) = try await subjects(of: found)
        let now = auth.now()
        let text = HighlightMarkdown.collection(HighlightMarkdown.sections(found, bookmarks: bookmarks, document: { id in
            documents[id].map { (title: $0.displayTitle, tags: $0.tags, saved: $0.createdAt) }
        }), exportedAt: now)
        return HTTPResponse(status: 200, headers: [
            "Content-Type": "text/markdown; charset=utf-8",
            "Content-Disposition": "attachment; filename=\"marks-highlights-\(dates.iso(now)).md\"",
            "Cache-Control": "no-store",
        ], body: .bytes(Data(text.utf8)))
    }

    /// A highlight as the script takes it: its fields and its list item, rendered as the page renders it.
    private func json(_ highlight: Highlight, request: HTTPRequest, status: Int = 200) -> HTTPResponse {
        let item = HighlightListView(textPath: Self.textPath(highlight), highlights: [], csrfToken: context(request).csrfToken,
                                     returnPath: Self.textPath(highlight)).item(highlight)
        let value = JSONValue.object([
            ("id", .int(highlight.id)), ("bookmark_id", highlight.bookmarkID.map(JSONValue.int) ?? .null),
            ("document_id", highlight.documentID.map { JSONValue.string($0.uuidString.lowercased()) } ?? .null), ("quote", .string(highlight.quote)),
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
