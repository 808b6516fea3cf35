/// The one sanitiser for text the CLI prints (issue 35): every line `CLIContext.print`/`printError` writes passes
/// through it, so a title, note, error or file name from outside cannot drive the terminal. Line feeds and tabs stay;
/// every other C0 control (ESC, CR, BEL…), DEL, the C1 controls (U+0080–U+009F: U+009B is a CSI on some terminals)
/// and the bidirectional overrides and isolates (which reorder what is shown) are written as the six characters
/// `\uXXXX`. That is visible on a terminal and, inside a JSON string, the JSON escape of the same character, so
/// `--json` output stays valid and loses nothing.
enum TerminalText {
    /// `text` with every character a terminal would act on written as `\uXXXX`.
    static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar) else {
                out.append(scalar)
                continue
            }
            out.append(contentsOf: escaped(scalar).unicodeScalars)
        }
        return String(out)
    }

    /// True for a character that changes what a terminal shows rather than being shown.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
