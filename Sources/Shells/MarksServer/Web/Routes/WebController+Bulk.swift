import Foundation
import HTTPServer
import MarksCore
import MarksLibrary

/// `POST /bookmarks/bulk`: the checked rows of a list in select mode (`ids`), and what to do with them
/// (`do` = tag, untag, read, archive, delete; `tag` for the first two). Delete asks once first (the one
/// confirmation the design allows); everything else acts at once and comes back to the list with a count. Each is
/// `LibraryService.bulk`: one transaction on the embedded store.
extension WebController {
    /// Bookmarks one bulk request may change.
    static let bulkLimit = 500

    func bulk(_ request: HTTPRequest) async throws -> HTTPResponse {
        let form = try request.form()
        let back = Self.returnPath(form)
        var ids: [Int] = []
        for value in form.values("ids") {
            guard let id = Int(value), id > 0 else { throw HTTPError(400, "“\(value.prefix(40))” is not a bookmark.") }
            if !ids.contains(id) { ids.append(id) }
        }
        guard !ids.isEmpty else { return redirect(back, notice: "bulk-none-0") }
        guard ids.count <= Self.bulkLimit else {
            throw HTTPError(400, "Choose at most \(Self.bulkLimit) bookmarks at a time (you chose \(ids.count)).")
        }
        let tag = Self.field(form, "tag").trimmingCharacters(in: .whitespacesAndNewlines)
        let library = self.library
        let bulk = options.bulk
        func apply(_ change: BookmarkBulkChange) async throws -> Int {
            if let bulk { return try await bulk.apply(change, ids: ids, on: library) }
            return try await library.bulk(change, ids: ids)
        }
        switch form["do"] ?? "" {
        case "tag", "untag":
            guard let name = TagNames.parse(tag).first else {
                throw HTTPError(400, "Type the tag to add or remove in the box next to the buttons, then try again.")
            }
            if form["do"] == "tag" {
                return redirect(back, notice: "bulk-tagged-\(try await apply(.addTag(name)))")
            }
            return redirect(back, notice: "bulk-untagged-\(try await apply(.removeTag(name)))")
        case "read":
            return redirect(back, notice: "bulk-read-\(try await apply(.markRead))")
        case "archive":
            let markingRead = preferences.current.archiveMarksRead
            return redirect(back, notice: "bulk-archived-\(try await apply(.archive(markingRead: markingRead)))")
        case "delete":
            guard form["confirm"] == "1" else { return try await confirmBulkDelete(request, ids: ids, back: back) }
            return redirect(back, notice: "bulk-deleted-\(try await apply(.delete))")
        default:
            throw HTTPError(400, "Choose what to do with the selected bookmarks: add or remove a tag, mark read, archive or delete.")
        }
    }

    /// The one question before a bulk delete: which bookmarks, and a button that really deletes them.
    private func confirmBulkDelete(_ request: HTTPRequest, ids: [Int], back: String) async throws -> HTTPResponse {
        var titles: [String] = []
        for id in ids.prefix(10) { titles.append(try await library.bookmark(id: id).displayTitle) }
        let ctx = context(request)
        let view = BulkDeletePage(ids: ids, titles: titles, back: back, context: ctx)
        return page(view.title, tab: nil, view.render(), context: ctx)
    }
}
