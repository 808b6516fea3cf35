import Foundation
import MarksCore

/// Reads the desktop clipboard's text with the tool the session has: `wl-paste` on Wayland, `xclip` (or
/// `xsel`) on X11. Without one, a clear error says what to install.
enum ClipboardReader {
    /// The candidates in order of preference for this environment: (tool, arguments).
    static func candidates(environment: [String: String]) -> [(String, [String])] {
        let wayland: (String, [String]) = ("wl-paste", ["--no-newline"])
        let x11: [(String, [String])] = [("xclip", ["-o", "-selection", "clipboard"]), ("xsel", ["--clipboard", "--output"])]
        if environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) == true { return [wayland] + x11 }
        return x11 + [wayland]
    }

    /// The clipboard's text.
    static func read(environment: [String: String]) throws -> String {
        for (name, arguments) in candidates(environment: environment) {
            guard let tool = ExternalTool.find(name, environment: environment) else { continue }
            let result = try tool.run(arguments, environment: environment)
            guard result.status == 0 else {
                let detail = result.errorOutput.trimmingCharacters(in: .whitespacesAndNewlines).singleLine
                throw CLIFailure("\(name) could not read the clipboard (exit \(result.status))\(detail.isEmpty ? "" : ": \(detail)").")
            }
            return String(decoding: result.output.prefix(IngestPayloadParser.maximumPayloadBytes), as: UTF8.self)
        }
        throw CLIFailure("No clipboard tool found: install wl-clipboard (Wayland) or xclip (X11), or pipe the text in: … | marks share")
    }
}
