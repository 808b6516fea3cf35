import Foundation

/// The Netscape bookmark file format: what browsers export and what linkding imports and exports.
/// linkding's conventions are kept so files round-trip with it: `PRIVATE="1"` for unshared bookmarks,
/// `TOREAD`, `TAGS="a,b"`, notes inside `<DD>` as `[linkding-notes]…[/linkding-notes]`, and the archived
/// state as the tag `linkding:bookmarks.archived` (older linkding wrote `linkding:archived`; both are read).
public enum NetscapeBookmarkFile {
    /// The tag linkding adds to archived bookmarks on export.
    public static let archivedTag = "linkding:bookmarks.archived"

    /// Reads every bookmark; bad ones are reported by line (an entry without a usable address is skipped,
    /// one with an unreadable date is kept without it). Titles and descriptions are trimmed. With
    /// `foldersAsTags`, the names of the `<H3>` folders around a bookmark are added to its tags (the
    /// browser's own toolbar and "other bookmarks" roots are not). Throws `notABookmarkFile` for text with
    /// neither the Netscape doctype nor any `<DT><A>`.
    public static func parse(_ text: String, foldersAsTags: Bool = false) throws(NetscapeError)
        -> (entries: [NetscapeEntry], problems: [(line: Int, message: String)]) {
        var parser = NetscapeParser(text, foldersAsTags: foldersAsTags)
        parser.run()
        guard parser.looksLikeBookmarkFile else { throw .notABookmarkFile }
        return (parser.entries, parser.problems)
    }

    /// Writes entries as linkding exports them (one flat list), with entities escaped.
    public static func write(_ entries: [NetscapeEntry]) -> String {
        var lines = [
            "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
            #"<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">"#,
            "<TITLE>Bookmarks</TITLE>",
            "<H1>Bookmarks</H1>",
            "<DL><p>",
        ]
        lines.reserveCapacity(entries.count * 2 + 6)
        for entry in entries {
            var tags = entry.tags
            if entry.archived { tags.append(archivedTag) }
            var anchor = #"<DT><A HREF=""# + HTMLEntities.escape(entry.url) + #"""#
            if let added = entry.dateAdded { anchor += #" ADD_DATE="\#(unixTime(added))""# }
            if let modified = entry.dateModified { anchor += #" LAST_MODIFIED="\#(unixTime(modified))""# }
            anchor += #" PRIVATE="\#(entry.shared ? 0 : 1)" TOREAD="\#(entry.unread ? 1 : 0)""#
            anchor += #" TAGS=""# + tags.map(HTMLEntities.escape).joined(separator: ",") + #"">"#
            anchor += HTMLEntities.escape(entry.title) + "</A>"
            lines.append(anchor)
            var description = escapeKeepingMarkers(entry.description)
            if !entry.notes.isEmpty {
                description += "[linkding-notes]" + escapeKeepingMarkers(entry.notes) + "[/linkding-notes]"
            }
            if !description.isEmpty { lines.append("<DD>" + description) }
        }
        lines.append("</DL><p>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func unixTime(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite else { return 0 }
        return Int64(max(-62_135_596_800, min(253_402_300_799, seconds)))  // safe: finite and clamped, cannot trap
    }

    /// Escapes text and the `[` of any notes marker inside it, so the text cannot end the notes early.
    private static func escapeKeepingMarkers(_ text: String) -> String {
        HTMLEntities.escape(text)
            .replacingOccurrences(of: "[linkding-notes]", with: "&#91;linkding-notes]")
            .replacingOccurrences(of: "[/linkding-notes]", with: "&#91;/linkding-notes]")
    }
}
