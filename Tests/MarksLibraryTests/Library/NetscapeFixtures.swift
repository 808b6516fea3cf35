import Foundation

/// A generated Netscape file of `count` entries, one per line from line 6, with bad entries at known places in
/// every block of `period`: a missing address and a `javascript:` address (both skipped while reading), a
/// repeated URL (refused on saving), an unreadable date (kept without it).
struct GeneratedBookmarkFile {
    let text: String
    let read: Int
    let created: Int
    let skipped: Int
    /// Lines of every problem, in order.
    let problemLines: [Int]
    /// Lines of the repeated URLs.
    let duplicateLines: [Int]

    static let firstEntryLine = 6

    init(count: Int, period: Int) {
        var lines = [
            "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
            #"<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">"#,
            "<TITLE>Bookmarks</TITLE>",
            "<H1>Bookmarks</H1>",
            "<DL><p>",
        ]
        var skippedWhileReading = 0
        var duplicates: [Int] = []
        var problems: [Int] = []
        for i in 0..<count {
            let line = Self.firstEntryLine + i
            let r = i % period
            let date = 1_600_000_000 + i * 60
            if r == period / 2 {
                lines.append(#"<DT><A ADD_DATE="\#(date)">No address \#(i)</A>"#)
                skippedWhileReading += 1
                problems.append(line)
            } else if r == 7 {
                lines.append(#"<DT><A HREF="javascript:void(\#(i))" ADD_DATE="\#(date)">Script \#(i)</A>"#)
                skippedWhileReading += 1
                problems.append(line)
            } else if r == 1 {
                lines.append(#"<DT><A HREF="https://example.com/item/\#(i - 1)" ADD_DATE="\#(date)">Again \#(i)</A>"#)
                duplicates.append(line)
                problems.append(line)
            } else {
                let added = r == period - 1 ? "not-a-date" : String(date)
                if r == period - 1 { problems.append(line) }
                lines.append(#"<DT><A HREF="https://example.com/item/\#(i)" ADD_DATE="\#(added)" PRIVATE="1" TOREAD="\#(i % 3 == 0 ? 1 : 0)" TAGS="tag\#(i % 50),common">Item \#(i) &amp; more</A>"#)
            }
        }
        lines.append("</DL><p>")
        text = lines.joined(separator: "\n") + "\n"
        read = count - skippedWhileReading
        created = read - duplicates.count
        skipped = skippedWhileReading + duplicates.count
        problemLines = problems
        duplicateLines = duplicates
    }
}
