import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks

/// Settings → Export: the bookmark file `marks export` writes, as a download.
extension SettingsController {
    /// `GET /settings/export`: every bookmark (archived too) as a Netscape bookmark file, as a download.
    func export(_ request: HTTPRequest) async throws -> HTTPResponse {
        let exported = try await library.exportNetscape()
        let day = dates.iso(auth.now())
        return HTTPResponse(status: 200, headers: [
            "Content-Type": "text/html; charset=utf-8",
            "Content-Disposition": "attachment; filename=\"marks-bookmarks-\(day).html\"",
            "Cache-Control": "no-store",
        ], body: .bytes(Data(exported.text.utf8)))
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
