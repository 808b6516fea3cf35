import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import MarksReading

/// Settings → Export: the bookmark file `marks export` writes, Marks' own JSON or the Markdown notes as a ZIP, as a
/// download (the JSON and the ZIP streamed as they are made).
extension SettingsController {
    /// `GET /settings/export[?format=json|markdown[&text=1]]`: every bookmark (archived too) as a Netscape bookmark
    /// file (the default), as Marks' JSON export, or as Markdown notes in a ZIP (with the archived page text when
    /// `text=1`).
    func export(_ request: HTTPRequest) async throws -> HTTPResponse {
        let day = dates.iso(auth.now())
        let format = request.query["format"] ?? "html"
        let export = LibraryExport(library: library, highlights: highlights, archive: pageArchive, reading: web.reading,
                                   documents: sourceLibrary, now: auth.now)
        let web = self.web
        switch format {
        case "html":
            let exported = try await library.exportNetscape()
            return download("text/html; charset=utf-8", "marks-bookmarks-\(day).html", body: .bytes(Data(exported.text.utf8)))
        case "json":
            return download("application/json", "marks-export-\(day).json", body: .stream(HTTPStreamBody { writer in
                do {
                    try await export.writeJSON { try await writer.write($0) }
                } catch {
                    web.log("settings: the JSON export stopped: \(error)")
                    throw error
                }
            }))
        case "markdown":
            let withText = request.query["text"] == "1"
            return download("application/zip", "marks-notes-\(day).zip", body: .stream(HTTPStreamBody { writer in
                do {
                    try await export.writeMarkdownZip(withText: withText) { try await writer.write($0) }
                } catch {
                    web.log("settings: the Markdown export stopped: \(error)")
                    throw error
                }
            }))
        default:
            throw HTTPError(400, "Export as html, json or markdown.")
        }
    }

    private func download(_ type: String, _ name: String, body: HTTPResponse.Body) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [
            "Content-Type": type,
            "Content-Disposition": "attachment; filename=\"\(name)\"",
            "Cache-Control": "no-store",
        ], body: body)
    }

    /// The linkding fields as saved (for a page shown after an upload problem).
    func currentFields() -> SettingsPage.ServerFields {
        do {
            return Self.fields(try settings.configStore.load().linkding)
        } catch {
            log("settings: config unreadable: \(error)")
            return SettingsPage.ServerFields()
        }
    }
}
