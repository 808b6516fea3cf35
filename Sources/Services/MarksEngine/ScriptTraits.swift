/// Punctuation and word lists the sentence splitter uses, across scripts.
enum ScriptTraits {
    /// End a sentence when white space and a sentence opening follow.
    static let terminators: Set<Unicode.Scalar> = [".", "!", "?", "…", "‼", "⁇", "⁈", "⁉", "।", "॥", "؟", "۔"]
    /// End a sentence at once (CJK scripts put no space after them).
    static let ideographicTerminators: Set<Unicode.Scalar> = ["。", "！", "？", "｡"]
    /// Closing quotes and brackets that stay with the sentence they end.
    static let closers: Set<Unicode.Scalar> = ["\"", "'", "”", "’", ")", "]", "}", "»", "›", "」", "』", "）"]
    /// Opening quotes and brackets that may start a sentence.
    static let openers: Set<Unicode.Scalar> = ["\"", "'", "“", "‘", "(", "[", "«", "‹", "「", "『", "（", "¿", "¡"]
    /// Marks that start a list item (a new paragraph, never a continued line).
    static let bullets: Set<Unicode.Scalar> = ["-", "*", "•", "·", "–", "—", "▪", "◦", "‣", "+", "#", ">"]

    /// Abbreviations after which a period never ends a sentence (lower-case, without the period).
    static let abbreviations: Set<String> = [
        "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "mt", "ft", "vs", "cf", "al", "approx", "dept",
        "est", "fig", "figs", "no", "nos", "vol", "vols", "pp", "p", "gen", "gov", "sen", "rep", "rev", "col",
        "lt", "capt", "sgt", "maj", "cmdr", "adm", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
        "sept", "oct", "nov", "dec", "ave", "blvd", "rd", "ch", "ed", "eds", "univ", "inst", "assn", "bros",
        "dist", "messrs", "mme", "mlle", "hon", "pres", "supt", "viz", "ca", "op", "cit", "ibid", "tel",
    ]
    /// Abbreviations that often end a sentence too: a period after them ends one only before a typical
    /// sentence opening ("… Acme Inc. The deal …").
    static let weakAbbreviations: Set<String> = [
        "inc", "corp", "co", "ltd", "llc", "plc", "bhd", "ag", "sa", "nv", "bv", "gmbh", "etc", "pty",
    ]
    /// Words that typically open an English sentence.
    static let sentenceStarters: Set<String> = [
        "the", "a", "an", "it", "its", "he", "she", "they", "we", "i", "you", "this", "that", "these", "those",
        "in", "on", "at", "but", "and", "however", "his", "her", "their", "our", "there", "as", "after", "for",
        "if", "when", "while", "meanwhile", "also", "analysts", "shares", "earlier", "last", "some", "most",
    ]

    /// True for characters that break lines.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// True for characters with no visible width that only get in the way (controls, zero-width space, BOM, soft hyphen).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x200B, 0x2060, 0xFEFF, 0x00AD: return true
        default: return false
        }
    }
}
