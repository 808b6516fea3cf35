/// The two desktop entries `marks desktop install` writes (freedesktop.org Desktop Entry 1.5): the
/// `x-scheme-handler/marks` handler (`marks open %u`) and "Save to Marks" (`marks share --clipboard`).
enum DesktopEntry {
    /// The scheme handler's file name (what `xdg-mime default` is given).
    static let handlerFile = "marks.desktop"
    /// The "Save to Marks" launcher's file name.
    static let shareFile = "marks-share.desktop"
    /// The MIME type of `marks://` links.
    static let schemeType = "x-scheme-handler/marks"

    /// Why an executable path cannot go into a desktop entry.
    struct UnusablePath: Error, CustomStringConvertible {
        let path: String
        var description: String { "The path of marks (\(path.singleLine)) cannot be written into a desktop entry (it holds a line break or control character)." }
    }

    /// The scheme handler entry for the executable at `executable`.
    static func handler(executable: String) throws -> String {
        try entry([
            ("Type", "Application"), ("Version", "1.5"), ("Name", "Marks"), ("GenericName", "Bookmarks"),
            ("Comment", "Open marks:// links from widgets, scripts and other apps"),
            ("Exec", try exec([executable, "open"]) + " %u"), ("Icon", "user-bookmarks"), ("Terminal", "false"),
            ("NoDisplay", "true"), ("MimeType", schemeType + ";"), ("Categories", "Network;Utility;"),
        ])
    }

    /// The "Save to Marks" entry: asks for tags and notes in a terminal.
    static func share(executable: String) throws -> String {
        try entry([
            ("Type", "Application"), ("Version", "1.5"), ("Name", "Save to Marks"),
            ("Comment", "Save the link on the clipboard as a bookmark"),
            ("Exec", try exec([executable, "share", "--clipboard"])), ("Icon", "user-bookmarks"), ("Terminal", "true"),
            ("Categories", "Network;Utility;"), ("Keywords", "bookmark;link;linkding;save;"),
        ])
    }

    private static func entry(_ fields: [(String, String)]) throws -> String {
        "[Desktop Entry]\n" + fields.map { "\($0.0)=\($0.1)" }.joined(separator: "\n") + "\n"
    }

    /// An Exec value: each argument quoted when it holds a reserved character (with `"`, `` ` ``, `$` and `\`
    /// escaped inside the quotes), `%` doubled, then the string-value escape of `\`.
    static func exec(_ arguments: [String]) throws -> String {
        let reserved = Set(" \t\"'\\><~|&;$*?#()`")
        let quoted = try arguments.map { argument -> String in
            guard !argument.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { throw UnusablePath(path: argument) }
            var text = argument.replacingOccurrences(of: "%", with: "%%")
            if argument.isEmpty || argument.contains(where: reserved.contains) {
                var inner = ""
                for character in text {
                    if "\"`$\\".contains(character) { inner.append("\\") }
                    inner.append(character)
                }
                text = "\"" + inner + "\""
            }
            return text
        }
        return quoted.joined(separator: " ").replacingOccurrences(of: "\\", with: "\\\\")
    }
}
