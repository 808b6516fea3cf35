import CryptoPrimitives
import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks

/// Settings → Import, mounted when imports run on this server: the upload starts an import (a `library.import` job
/// running the CLI's importer) and goes to its page, which shows progress and then the report. Export is Settings'.
struct ImportController: WebFeature {
    let web: WebContext
    let imports: ImportJobs
    /// The Settings page an upload problem shows.
    let settingsPages: SettingsController

    /// The import routes.
    func mount(on r: inout Router) {
        r.post("/settings/import") { try await startImport($0) }
        r.get("/settings/import/:id") { try importStatus($0) }
    }

    /// Bookmark files larger than this are refused (as `marks import` does, at the server's body limit first).
    static let maxImportBytes = 256 * 1024 * 1024

    /// `POST /settings/import` (multipart, field `file`): starts the import; 303 to its page (JSON: its id).
    func startImport(_ request: HTTPRequest) async throws -> HTTPResponse {
        let form = try WebContext.multipartForm(request)
        guard let file = form.files.first(where: { $0.name == "file" }), !file.data.isEmpty else {
            return settingsPages.settingsView(request, fields: settingsPages.currentFields(), outcome: nil,
                                transfer: TransferView.Content(problem: "Choose a bookmark file to import."), status: 400)
        }
        guard file.data.count <= Self.maxImportBytes else {
            return settingsPages.settingsView(request, fields: settingsPages.currentFields(), outcome: nil,
                                transfer: TransferView.Content(problem: "That file is too large; Marks imports files up to 256 MB."), status: 413)
        }
        let id: String
        do {
            id = try SecureRandom.urlSafeToken(bytes: 9)
        } catch {
            throw HTTPError(500, "No secure random numbers available.")
        }
        let foldersAsTags = form.field("folders_as_tags") == "1"
        let name = file.filename.isEmpty ? "bookmarks.html" : file.filename
        // Not started (the file could not be written): an unexpected error, logged with its cause (`HTTPFailure`).
        try await imports.start(id: id, file: name, data: file.data, foldersAsTags: foldersAsTags)
        if request.headers["Accept"]?.contains("application/json") == true {
            return .json(data: JSONValue.object([("id", .string(id)), ("status", .string("/settings/import/" + id))]).data, status: 202)
        }
        return .redirect(to: "/settings/import/" + id, status: .seeOther)
    }

    /// `GET /settings/import/:id`: the import's page (reloading itself while it runs), or its state as JSON
    /// (`{"state":"running","done","total"}`, `{"state":"done","created","updated","skipped","problems":[{line,message}]}`,
    /// `{"state":"failed","error"}`, `{"state":"interrupted","error"}` for one a stop or crash of the server cut short).
    func importStatus(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let id = request.pathParameters["id"], let entry = try imports.status(id) else {
            throw HTTPError(404, "That import is not known (the last \(ImportJobs.kept) imports are kept).")
        }
        if request.headers["Accept"]?.contains("application/json") == true {
            return .json(data: Self.importJSON(entry.state).data)
        }
        let view = ImportPage(id: id, file: entry.file, state: entry.state)
        var response = page(ImportPage.title, tab: .settings, view.render(), context: context(request))
        if view.isRunning { response.headers["Refresh"] = "2" }
        return response
    }

    static func importJSON(_ state: ImportStatus.State) -> JSONValue {
        switch state {
        case .running(let done, let total):
            return .object([("state", .string("running")), ("done", .int(done)), ("total", .int(total))])
        case .failed(let message):
            return .object([("state", .string("failed")), ("error", .string(message))])
        case .interrupted(let reason):
            return .object([("state", .string("interrupted")), ("error", .string(reason))])
        case .finished(let report):
            return .object([
                ("state", .string("done")), ("created", .int(report.created)), ("updated", .int(report.updated)),
                ("unchanged", .int(report.unchanged)), ("skipped", .int(report.skipped)), ("trimmed", .int(report.trimmed)),
                ("highlights_added", .int(report.highlights.added)),
                ("problems", .array(report.problems.prefix(ImportPage.shownProblems).map { problem in
                    .object([("line", problem.line.map(JSONValue.int) ?? .null), ("message", .string(problem.message))])
                })),
            ])
        }
    }
}
