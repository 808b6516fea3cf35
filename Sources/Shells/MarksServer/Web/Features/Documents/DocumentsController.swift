import Foundation
import HTTPServer
import MarksCore
import MarksPodcasts
import MarksJobs
import MarksBookmarks
import MarksDocuments
import MarksReading

/// The Sources tab: `GET /sources` (list, `?q=` search, `?page=`), `POST /sources/text` (paste), `POST /sources/upload`
/// (files, streamed to disk by `SourceUploadStream`), a source's page `GET /sources/:id`, its Edit form
/// (`GET`/`POST /sources/:id/edit`), `POST /sources/:id/delete` and `/restore` (Undo), `/purge` (the Trash), `/podcast` and `/ocr`. The
/// original is served by `DocumentsController+Files.swift`. Mounted when this server has a sources library.
struct DocumentsController: WebFeature {
    /// A source's Podcast action after its text is found: the podcasts feature's, the request queue, or a 404.
    typealias MakePodcast = @Sendable (_ source: DocumentSummary, _ text: String, _ request: HTTPRequest) async throws -> HTTPResponse

    let web: WebContext
    let sourceLibrary: DocumentLibrary
    /// The podcast states of source rows by source id (none without podcasts).
    let podcastStates: @Sendable (_ ids: [String]) -> [String: PodcastRowState]
    /// Whether a source's page offers Podcast (podcasts are made or queued on this server).
    let podcastOffered: Bool
    let makePodcast: MakePodcast
    /// The OCR job of a source by its key, when OCR jobs run on this server (decided once: without a job runner a
    /// source's page offers no OCR).
    let ocrJob: (@Sendable (_ key: String) throws -> Job?)?
    /// A document's highlights (nil where this server keeps none).
    let highlights: @Sendable (_ id: UUID) -> [Highlight]?

    /// The Sources routes (OCR's POST is mounted by `WebRoutes`, with the job runner or without).
    func mount(on r: inout Router) {
        r.get("/sources") { await sourcesPage($0) }
        r.post("/sources/text") { try await addSourceText($0) }
        r.streaming(.post, "/sources/upload", body: { uploadStream($0) }) { try await uploadSources($0) }
        r.get("/sources/:id") { try sourcePage($0) }
        r.get("/sources/:id/edit") { try editSourceForm($0) }
        r.post("/sources/:id/edit") { try await saveSource($0) }
        r.get("/sources/:id/original") { try sourceOriginal($0) }
        r.post("/sources/:id/delete") { try await deleteSource($0) }
        r.post("/sources/:id/restore") { try await restoreSource($0) }
        r.post("/sources/:id/purge") { try await purgeSource($0) }
        r.post("/sources/:id/podcast") { try await podcastSource($0) }
    }

    /// `GET /sources`.
    func sourcesPage(_ request: HTTPRequest) async -> HTTPResponse {
        let query = String((request.query["q"] ?? "").prefix(1000)).trimmingCharacters(in: .whitespaces)
        let number = max(1, request.query["page"].flatMap { Int($0) } ?? 1)
        return sourcesView(request, query: query, page: number)
    }

    /// The Sources tab's page, with what the last upload did or why it was refused.
    func sourcesView(_ request: HTTPRequest, query: String = "", page number: Int = 1, outcomes: [DocumentsPage.Outcome] = [],
                     problem: String? = nil, pasted: (title: String, text: String, tags: String) = ("", "", ""),
                     status: Int = 200) -> HTTPResponse {
        let ctx = context(request)
        let content: DocumentsPage.Content
        let library = sourceLibrary
        let limits = library.limits
        do {
            let all = query.isEmpty ? try library.list() : try library.matches(query, limit: 1000)
            let start = min(all.count, (number - 1) * DocumentsPage.pageSize)
            content = .loaded(sources: Array(all[start..<min(all.count, start + DocumentsPage.pageSize)]), total: all.count)
        } catch {
            content = .failed(message(error))
        }
        var view = DocumentsPage(content: content, query: query, page: number, limits: limits, dates: dates, context: ctx)
        if case .loaded(let sources, _) = content, !sources.isEmpty {
            view.podcasts = podcastStates(sources.map { $0.id.uuidString.lowercased() })
        }
        view.outcomes = outcomes
        view.problem = problem
        view.pasted = pasted
        return page(DocumentsPage.title, tab: .sources, view.render(), context: ctx, status: status)
    }

    /// `POST /sources/text`: the paste box. A new source opens its page; the same text again opens the existing one.
    func addSourceText(_ request: HTTPRequest) async throws -> HTTPResponse {
        let library = sourceLibrary
        let form = try request.form()
        let text = Self.field(form, "text"), title = Self.field(form, "title"), tags = Self.field(form, "tags")
        do {
            let addition = try await library.addText(text, title: title, tags: Self.sourceTags(tags))
            return sourceAdded(request, addition)
        } catch let error as DocumentError {
            let failed = failure(error)
            if Self.wantsJSON(request) { throw failed.httpError }
            return sourcesView(request, problem: failed.message, pasted: (title, Self.field(form, "text"), tags), status: failed.status)
        }
    }

    /// Where an addition goes: the source's page, saying whether it is new or was already here.
    private func sourceAdded(_ request: HTTPRequest, _ addition: DocumentAddition) -> HTTPResponse {
        let summary = addition.summary
        let path = "/sources/" + summary.id.uuidString.lowercased()
        let duplicate: Bool
        if case .duplicate = addition { duplicate = true } else { duplicate = false }
        if Self.wantsJSON(request) {
            return .json(data: Self.sourceJSON(summary, status: duplicate ? "duplicate" : "added").data, status: duplicate ? 200 : 201)
        }
        return redirect(path, notice: duplicate ? "source-duplicate" : "source-added")
    }

    /// The body stream of `POST /sources/upload`: only for a signed-in, same-origin multipart request (anything else
    /// is buffered and refused by the gate as usual); a `X-CSRF-Token` header must be valid up front, else the form's
    /// `_csrf` field must come before the files.
    func uploadStream(_ head: HTTPRequest) -> (any HTTPBodyStream)? {
        let library = sourceLibrary
        guard let session = session(of: head), RequestOrigin.isSameOrigin(head),
              let type = head.headers["Content-Type"], type.lowercased().hasPrefix("multipart/form-data"),
              let boundary = MultipartFormParser.boundary(fromContentType: type) else { return nil }
        let auth = self.auth
        var headerCSRF = false
        if let header = head.headers["X-CSRF-Token"] {
            guard auth.isValidCSRF(header, for: session) else { return nil }
            headerCSRF = true
        }
        let declared = head.headers["Content-Length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return SourceUploadStream(library: library, boundary: boundary, declaredLength: declared, headerCSRF: headerCSRF) {
            auth.isValidCSRF($0, for: session)
        }
    }

    /// `POST /sources/upload`: imports each streamed file (moving it out of `incoming/`). The script sends one file per
    /// request and gets `{"results": [{"filename", "status": "added"|"duplicate"|"failed", "id", "title", "page", "error"}]}`;
    /// the form gets the Sources page listing what happened to each file.
    func uploadSources(_ request: HTTPRequest) async throws -> HTTPResponse {
        let library = sourceLibrary
        guard let upload = request.streamedBody as? SourceUpload else {
            throw HTTPError(400, "Send files with the Sources tab's upload form (a multipart/form-data body).")
        }
        if let refusal = upload.refusal {
            let failed = failure(refusal)
            if Self.wantsJSON(request) { throw failed.httpError }
            return sourcesView(request, problem: failed.message, status: failed.status)
        }
        guard !upload.files.isEmpty else {
            if Self.wantsJSON(request) { throw HTTPError(400, "Choose at least one file to upload.") }
            return sourcesView(request, problem: "Choose at least one file to upload.", status: 400)
        }
        let tags = Self.sourceTags(upload.field("tags") ?? "")
        var outcomes: [DocumentsPage.Outcome] = []
        for file in upload.files {
            let name = DocumentLibrary.metadataName(file.filename) ?? "untitled"
            do {
                switch try await library.importUpload(file.url, filename: file.filename, tags: tags) {
                case .added(let source): outcomes.append(.init(filename: name, result: .added(source.summary)))
                case .duplicate(let summary): outcomes.append(.init(filename: name, result: .duplicate(summary)))
                }
            } catch {
                outcomes.append(.init(filename: name, result: .failed(message(error))))
            }
        }
        if Self.wantsJSON(request) {
            let results = outcomes.map { outcome -> JSONValue in
                switch outcome.result {
                case .added(let summary): Self.sourceJSON(summary, status: "added", filename: outcome.filename)
                case .duplicate(let summary): Self.sourceJSON(summary, status: "duplicate", filename: outcome.filename)
                case .failed(let text): .object([("filename", .string(outcome.filename)), ("status", .string("failed")), ("error", .string(text))])
                }
            }
            return .json(data: JSONValue.object([("results", .array(results))]).data)
        }
        return sourcesView(request, outcomes: outcomes)
    }

    /// `GET /sources/:id`.
    func sourcePage(_ request: HTTPRequest) throws -> HTTPResponse {
        let library = sourceLibrary
        let source = try library.source(id: try Self.sourceID(request))
        let key = source.summary.id.uuidString.lowercased()
        let job = try ocrJob?(key)
        var view = DocumentPage(source: source, dates: dates, context: context(request), podcasts: podcastOffered,
                              ocrPages: ocrJob == nil ? [] : library.pagesForOCR(source), ocrJob: job)
        view.podcastAction = web.podcastAction
        view.highlight = PassageHighlight(request.query["highlight"])
        view.highlights = highlights(source.summary.id)
        var response = page(view.title, tab: .sources, view.render(), context: context(request))
        if let job, job.state == .queued || job.state == .running { response.headers["Refresh"] = "5" }
        return response
    }

    /// `GET /sources/:id/edit`.
    func editSourceForm(_ request: HTTPRequest) throws -> HTTPResponse {
        let source = try sourceLibrary.source(id: try Self.sourceID(request))
        let values = (source.summary.title, source.summary.tags.joined(separator: ", "), source.body)
        let ctx = context(request)
        return page(DocumentEditPage.title, tab: .sources, DocumentEditPage(source: source, values: values, context: ctx).render(), context: ctx)
    }

    /// `POST /sources/:id/edit`: title, tags and text (only the fields that changed).
    func saveSource(_ request: HTTPRequest) async throws -> HTTPResponse {
        let library = sourceLibrary
        let id = try Self.sourceID(request)
        let source = try library.source(id: id)
        let form = try request.form()
        let title = Self.field(form, "title"), tags = Self.field(form, "tags"), body = Self.field(form, "body")
        var update = DocumentUpdate()
        if title != source.summary.title { update.title = title }
        let tagList = Self.sourceTags(tags)
        if tagList != source.summary.tags { update.tags = tagList }
        if body != source.body.replacingOccurrences(of: "\r\n", with: "\n") { update.body = body }
        do {
            if update != DocumentUpdate() { _ = try await library.update(id: id, update) }
        } catch let error as DocumentError {
            let failed = failure(error)
            let ctx = context(request)
            let view = DocumentEditPage(source: source, values: (title, tags, body), problem: failed.message, context: ctx)
            return page(DocumentEditPage.title, tab: .sources, view.render(), context: ctx, status: failed.status)
        }
        return done(request, back: "/sources/" + id.uuidString.lowercased(), notice: "updated")
    }

    /// `POST /sources/:id/delete`: to the trash at once; the notice after it (and the script's toast) has Undo.
    func deleteSource(_ request: HTTPRequest) async throws -> HTTPResponse {
        let id = try Self.sourceID(request)
        _ = try await sourceLibrary.delete(id: id)
        return done(request, back: "/sources?undo=" + id.uuidString.lowercased(), notice: "source-deleted")
    }

    /// `POST /sources/:id/restore`: Undo. The script gets `{"id": "<uuid>"}`.
    func restoreSource(_ request: HTTPRequest) async throws -> HTTPResponse {
        let id = try Self.sourceID(request)
        let restored = try await sourceLibrary.restore(id: id)
        let key = restored.summary.id.uuidString.lowercased()
        if Self.wantsJSON(request) { return .json(data: JSONValue.object([("id", .string(key))]).data) }
        return redirect("/sources/" + key, notice: "source-restored")
    }

    /// `POST /sources/:id/purge`: the Trash's Delete forever (row and original file); 404 for a live source.
    func purgeSource(_ request: HTTPRequest) async throws -> HTTPResponse {
        let id = try Self.sourceID(request)
        let library = sourceLibrary
        guard try library.trash().contains(where: { $0.id == id }) else { throw HTTPError(404, "That source is not in the trash.") }
        try await library.purge(id: id)
        return done(request, back: "/trash", notice: "purged-source")
    }

    /// The trashed sources for the Trash page (none without a library; a failure is logged, not shown).
    func trashedSources() -> [DocumentSummary] {
        do {
            return try sourceLibrary.trash()
        } catch {
            log("trash: sources could not be listed: \(error)")
            return []
        }
    }

    /// `POST /sources/:id/podcast`: a podcast of the source's text (`makePodcast`: made by the podcasts feature, or a
    /// request queued for `marks-source://<uuid>` with the text and the kind). 409 without text.
    func podcastSource(_ request: HTTPRequest) async throws -> HTTPResponse {
        let source = try sourceLibrary.source(id: try Self.sourceID(request))
        guard let text = source.podcastText else {
            throw HTTPError(409, "This source has no text to read, so it cannot become a podcast.")
        }
        return try await makePodcast(source.summary, text, request)
    }

    /// A source's Podcast on a server that queues podcast requests (`podcast.request` jobs) but does not make them.
    static func queuePodcast(_ summary: DocumentSummary, text: String, request: HTTPRequest, queue: PodcastRequests,
                             web: WebContext) async throws -> HTTPResponse {
        let (_, queued) = try await queue.enqueue(url: summary.url, title: summary.displayTitle, bookmarkID: nil, trigger: .requested,
                                            text: text, sourceKind: summary.kind.rawValue)
        return web.done(request, back: "/sources/" + summary.id.uuidString.lowercased(), notice: queued ? "podcast-queued" : "podcast-waiting")
    }

    /// `POST /sources/:id/ocr`: queues the `sources.ocr` job (409 when no page needs it or OCR is not installed).
    func ocrSource(_ request: HTTPRequest, jobs: JobRunner) async throws -> HTTPResponse {
        let library = sourceLibrary
        let source = try library.source(id: try Self.sourceID(request))
        guard let job = try library.ocrJob(for: source) else { throw Self.noOCR }
        _ = try await jobs.enqueue(job)
        return done(request, back: "/sources/" + source.summary.id.uuidString.lowercased(), notice: "ocr-queued")
    }

    /// `POST /sources/:id/ocr` on a server without a job runner: 404 for an unknown source, else 409.
    func noOCR(_ request: HTTPRequest) throws -> HTTPResponse {
        _ = try sourceLibrary.source(id: try Self.sourceID(request))
        throw Self.noOCR
    }

    private static let noOCR = HTTPError(409, "No page of this source needs OCR, or OCR (tesseract) is not installed on this server.")

    /// The sources a search finds (query, tag); a failure is logged, not shown.
    func matches(_ query: String, tag: String?) -> [DocumentSummary] {
        do {
            return try sourceLibrary.matches(query, tag: tag, limit: 20)
        } catch {
            log("search: sources could not be searched: \(error)")
            return []
        }
    }

    // MARK: Helpers

    /// A source's uuid from the path, else a 404.
    static func sourceID(_ request: HTTPRequest) throws -> UUID {
        guard let text = request.pathParameters["id"], text.count == 36, let id = UUID(uuidString: text) else {
            throw HTTPError(404, "There is no source at this address.")
        }
        return id
    }

    /// A tags field (`a, b`) as a list.
    static func sourceTags(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func sourceJSON(_ summary: DocumentSummary, status: String, filename: String? = nil) -> JSONValue {
        var fields: [(String, JSONValue)] = []
        if let filename { fields.append(("filename", .string(filename))) }
        fields += [("status", .string(status)), ("id", .string(summary.id.uuidString.lowercased())), ("title", .string(summary.displayTitle)),
                   ("page", .string("/sources/" + summary.id.uuidString.lowercased()))]
        return .object(fields)
    }
}
