import Foundation
import HTTPServer
import MarksBookmarks
import MarksCore
import MarksReading

/// The read-later loop: mark read and unread, the row buttons' one form action, the next unread bookmark,
/// and the reading preferences.
extension BookmarkController {
    /// `POST /bookmarks/:id/mark-read`.
    func markRead(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await library.setUnread(id: Self.bookmarkID(request), false)
        return done(request, back: Self.returnPath(try request.form()), notice: "read")
    }

    /// `POST /bookmarks/:id/mark-unread`.
    func markUnread(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await library.setUnread(id: Self.bookmarkID(request), true)
        return done(request, back: Self.returnPath(try request.form()), notice: "unread")
    }

    /// `POST /bookmarks/action`: a list row's button without script (`a=<verb> <id>`), answered by the
    /// bookmark's own route for that verb; with no button (Enter in a field), back to the list.
    /// An AI tag's Accept or Dismiss (`a=accept <id> <tag>`) returns to the list at the row.
    func rowAction(_ request: HTTPRequest) async throws -> HTTPResponse {
        let form = try request.form()
        guard let action = form["a"] else { return redirect(Self.returnPath(form)) }
        let parts = action.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, let id = Int(parts[1]), id > 0 else { throw HTTPError(400, "This button does not name a bookmark.") }
        if parts[0] == "accept" || parts[0] == "dismiss" {
            let tag = try Self.aiTag(parts.count == 3 ? String(parts[2]) : nil)
            let back = Self.returnPath(form)
            return parts[0] == "accept"
                ? try await acceptAITag(request, id: id, tag: tag, back: back, anchor: "b\(id)")
                : try await dismissAITag(request, id: id, tag: tag, back: back, anchor: "b\(id)")
        }
        guard parts.count == 2 else { throw HTTPError(400, "This button does not name a bookmark.") }
        var forwarded = request
        forwarded.pathParameters["id"] = String(id)
        switch parts[0] {
        case "read": return try await markRead(forwarded)
        case "unread": return try await markUnread(forwarded)
        case "archive": return try await archive(forwarded)
        case "unarchive": return try await unarchive(forwarded)
        case "delete": return try await delete(forwarded)
        case "podcast": return try await podcastBookmark(forwarded)
        default: throw HTTPError(400, "Marks does not know the action “\(parts[0])”.")
        }
    }

    /// `GET /bookmarks/next-unread?after=<id>`: the next unread bookmark's reader view, or the unread list
    /// with a notice when nothing else is unread.
    func nextUnread(_ request: HTTPRequest) async throws -> HTTPResponse {
        let after = request.query["after"].flatMap(Int.init)
        guard let next = try await library.nextUnread(after: after) else {
            return redirect(SafeURL.path("/", query: ListChoice(show: .unread).items).value, notice: "caught-up")
        }
        return redirect("/bookmarks/\(next.id)/read")
    }

    /// `POST /settings/reading`: the reading preferences (unchecked boxes are not sent, so absent means off).
    func saveReadingPreferences(_ request: HTTPRequest) throws -> HTTPResponse {
        let form = try request.form()
        let preferences = ReadingPreferences(
            markReadAtEnd: form["markReadAtEnd"] == "1", archiveMarksRead: form["archiveMarksRead"] == "1",
            titleOpens: form["titleOpens"].flatMap(ReadingPreferences.TitleTarget.init(rawValue:)) ?? .reader,
            newSavesUnread: form["newSavesUnread"] == "1")
        try self.preferences.save(preferences)  // a failure is an unexpected error, logged with its cause
        return redirect("/settings", notice: "reading")
    }

    /// The notices of the read-later loop and bulk actions (`bulk-<verb>-<count>`).
    static func readLaterNotice(_ code: String) -> String? {
        switch code {
        case "read": return "Marked read."
        case "unread": return "Marked unread."
        case "caught-up": return "Nothing else is unread — you are all caught up."
        case "reading": return "Reading preferences saved."
        case "bulk-none-0": return "Select at least one bookmark first."
        default: break
        }
        let parts = code.split(separator: "-")
        guard parts.count == 3, parts[0] == "bulk", let count = Int(parts[2]), count >= 0 else { return nil }
        let noun = count == 1 ? "1 bookmark" : "\(count) bookmarks"
        switch parts[1] {
        case "tagged": return "Tag added to \(noun)."
        case "untagged": return "Tag removed from \(noun)."
        case "read": return "\(noun) marked read."
        case "archived": return "\(noun) archived."
        case "deleted": return "\(noun) deleted."
        default: return nil
        }
    }
}
