/// Control words `RTFReader` knows: destinations to skip, words that stand for text, and the
/// HYPERLINK field syntax.
enum RTFVocabulary {
    /// Groups that are never body text. (Any other `\*` destination is skipped as well.)
    static let skippedDestinations: Set<String> = [
        "fonttbl", "colortbl", "stylesheet", "info", "pict", "object", "objdata", "objclass", "objname",
        "header", "headerl", "headerr", "headerf", "footer", "footerl", "footerr", "footerf", "footnote",
        "annotation", "atnid", "atnauthor", "listtable", "listoverridetable", "rsidtbl", "generator",
        "xmlnstbl", "themedata", "colorschememapping", "latentstyles", "datastore", "filetbl", "revtbl",
        "pgdsctbl", "shp", "shpinst", "shppict", "nonshppict", "bkmkstart", "bkmkend", "xe", "tc", "txe",
        "template", "userprops", "private", "macpict", "wmetafile", "dibitmap", "wbitmap", "blipuid",
        "fldtype", "datafield", "formfield", "mmathPr", "expandedcolortbl", "listtext", "pntext", "pntxta",
        "pntxtb", "ftnsep", "ftnsepc", "aftnsep", "aftnsepc", "comment", "author", "operator", "title",
        "subject", "keywords", "doccomm", "company", "category", "hlinkbase",
    ]

    /// Control words that stand for text.
    static let replacements: [String: Unicode.Scalar] = [
        "par": "\n", "line": "\n", "sect": "\n", "page": "\n", "row": "\n",
        "tab": "\t", "cell": "\t", "nestcell": "\t",
        "emdash": "\u{2014}", "endash": "\u{2013}", "bullet": "\u{2022}",
        "lquote": "\u{2018}", "rquote": "\u{2019}", "ldblquote": "\u{201C}", "rdblquote": "\u{201D}",
        "emspace": " ", "enspace": " ", "qmspace": " ", "zwj": "\u{200D}", "zwnj": "\u{200C}",
    ]

    /// The target of a `HYPERLINK "url" \o "tip"` instruction; nil for other fields and for local
    /// (`\l`) links without a URL.
    static func hyperlinkTarget(in instruction: String) -> String? {
        let tokens = tokenize(instruction)
        guard let first = tokens.first, first.uppercased() == "HYPERLINK" else { return nil }
        var index = 1
        while index < tokens.count {
            let token = tokens[index]
            if token.hasPrefix("\\") {
                index += 2 // every HYPERLINK switch (\l \o \t \m \n) but \m and \n takes an argument
                if token == "\\m" || token == "\\n" { index -= 1 }
                continue
            }
            return token.isEmpty ? nil : token
        }
        return nil
    }

    /// Splits on white space, keeping "quoted strings" whole (without their quotes).
    private static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quoted = false
        var hasToken = false
        for character in text {
            if character == "\"" {
                if quoted {
                    tokens.append(current)
                    current = ""
                    hasToken = false
                }
                quoted.toggle()
            } else if character.isWhitespace && !quoted {
                if hasToken { tokens.append(current) }
                current = ""
                hasToken = false
            } else {
                current.append(character)
                hasToken = true
            }
        }
        if hasToken || quoted { tokens.append(current) }
        return tokens
    }
}
