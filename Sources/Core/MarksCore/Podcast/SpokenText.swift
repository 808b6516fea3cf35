import Foundation

/// Makes written text speakable: footnote markers and leftover markup go, URLs become "a link to example.com",
/// and — for English — common abbreviations, currency, percentages, units, ISO dates and symbols are written out
/// the way a reader would say them. Numbers themselves stay digits: the voices read digits well in their own
/// language. Pure functions over strings.
public enum SpokenText {
    /// True for an English (or unknown) language tag: the English normalisations apply.
    public static func isEnglish(_ tag: String?) -> Bool {
        guard let tag = tag?.trimmingCharacters(in: .whitespaces).lowercased(), !tag.isEmpty else { return true }
        return tag == "en" || tag.hasPrefix("en-") || tag.hasPrefix("en_")
    }

    /// `text` as a voice should read it (one line, white space collapsed).
    public static func speakable(_ text: String, english: Bool) -> String {
        var text = text
        text = stripMarkup(text)
        text = replaceURLs(text)
        text = stripFootnotes(text)
        text = text.replacing(/\s*(?:->|→|⟶)\s*/) { _ in english ? " to " : ", " }
        if english {
            text = expandDates(text)
            text = expandMoney(text)
            text = expandUnits(text)
            text = expandAbbreviations(text)
        }
        text = dropSymbols(text)
        return collapse(text)
    }

    /// `sentence` ending in punctuation, so the voice pauses after it.
    public static func sentence(_ sentence: String) -> String {
        let trimmed = sentence.trimmingCharacters(in: .whitespaces)
        guard let last = trimmed.last else { return trimmed }
        return ".!?…:;".contains(last) || last == "\"" || last == "”" || last == ")" ? trimmed : trimmed + "."
    }

    /// `text` without a final full stop, to sit inside a longer sentence.
    public static func clause(_ text: String) -> String {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        while trimmed.hasSuffix(".") { trimmed.removeLast() }
        return trimmed
    }

    /// A host as spoken: without "www.".
    public static func speakableHost(_ host: String) -> String {
        let lower = host.lowercased()
        return lower.hasPrefix("www.") ? String(lower.dropFirst(4)) : lower
    }

    /// White-space separated words.
    public static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: { $0.isWhitespace }).count
    }

    /// White space collapsed to single spaces, trimmed.
    public static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    // MARK: The steps

    /// Markdown links keep their text; emphasis markers, inline code ticks and heading hashes go.
    static func stripMarkup(_ text: String) -> String {
        var text = text.replacing(/!\[([^\]]*)\]\([^)]*\)/) { _ in "" }
        text = text.replacing(/\[([^\]]+)\]\((?:https?:|mailto:|\/|#)[^)]*\)/) { String($0.output.1) }
        text = text.replacing(/`+/) { _ in "" }
        text = text.replacing(/(\*\*|__)(\S(?:.*?\S)?)\1/) { String($0.output.2) }
        text = text.replacing(/(^|[^\w*])\*(\S(?:[^*]*?\S)?)\*(?![\w*])/) { "\($0.output.1)\($0.output.2)" }
        return text
    }

    /// "https://www.example.com/a/b?c" → "a link to example.com"; a bare "www.example.com/x" too.
    static func replaceURLs(_ text: String) -> String {
        text.replacing(/(?i)\b(?:https?:\/\/|www\.)[^\s<>()\[\]"]+/) { match in
            var address = String(match.output)
            // Trailing punctuation belongs to the sentence.
            var trailing = ""
            while let last = address.last, ".,;:!?".contains(last) { trailing = String(last) + trailing; address.removeLast() }
            let withScheme = address.lowercased().hasPrefix("www.") ? "http://" + address : address
            let host = URL(string: withScheme)?.host.map(speakableHost) ?? "the web"
            return "a link to \(host)" + trailing
        }
    }

    /// "[12]", "[a]", "[citation needed]", "^3" and superscript digits go.
    static func stripFootnotes(_ text: String) -> String {
        var text = text.replacing(/\s?\[(?:\d{1,3}|[a-z]|citation needed|note \d{1,3}|\d{1,3}[,–-]\d{1,3})\]/) { _ in "" }
        text = text.replacing(/(\S)\^\d{1,3}\b/) { String($0.output.1) }
        text = text.replacing(/[¹²³⁴⁵⁶⁷⁸⁹⁰]+/) { _ in "" }
        text = text.replacing(/\[\^?\d{1,3}\]/) { _ in "" }
        return text
    }

    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                                 "September", "October", "November", "December"]

    /// "2024-05-03" (and with a time after it) → "May 3, 2024".
    static func expandDates(_ text: String) -> String {
        text.replacing(/\b(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/) { match in
            guard let month = Int(match.output.2), let day = Int(match.output.3), (1...12).contains(month), (1...31).contains(day) else {
                return String(match.output.0)
            }
            return "\(months[month - 1]) \(day), \(match.output.1)"
        }
    }

    private static let scales: [String: String] = ["k": "thousand", "K": "thousand", "m": "million", "M": "million",
                                                   "b": "billion", "B": "billion", "bn": "billion"]

    /// "$20" → "20 dollars", "€1.5M" → "1.5 million euros", "£3" → "3 pounds", "12%" → "12 percent".
    static func expandMoney(_ text: String) -> String {
        var text = text.replacing(/([$€£¥])\s?(\d+(?:,\d{3})*(?:\.\d+)?)\s?(bn|[kKmMbB])?\b/) { match in
            let currency: String
            switch match.output.1 {
            case "$": currency = "dollars"
            case "€": currency = "euros"
            case "£": currency = "pounds"
            default: currency = "yen"
            }
            var scale = ""
            if let suffix = match.output.3 {
                scale = scales[String(suffix)].map { " " + $0 } ?? ""
            }
            return "\(match.output.2)\(scale) \(currency)"
        }
        text = text.replacing(/(\d)\s?%/) { "\($0.output.1) percent" }
        return text
    }

    private static let units: [String: String] = [
        "km": "kilometres", "kg": "kilograms", "ms": "milliseconds", "ns": "nanoseconds", "µs": "microseconds",
        "KB": "kilobytes", "kB": "kilobytes", "MB": "megabytes", "GB": "gigabytes", "TB": "terabytes",
        "Kbps": "kilobits per second", "kbps": "kilobits per second", "Mbps": "megabits per second",
        "Gbps": "gigabits per second", "GHz": "gigahertz", "MHz": "megahertz", "kHz": "kilohertz",
        "mph": "miles per hour", "km/h": "kilometres per hour", "cm": "centimetres", "mm": "millimetres",
        "°C": "degrees Celsius", "°F": "degrees Fahrenheit",
    ]

    /// "5 km" / "5km" → "5 kilometres", "3x" → "3 times", "1990–2000" → "1990 to 2000".
    static func expandUnits(_ text: String) -> String {
        var text = text.replacing(/(\d)\s?(km\/h|Kbps|kbps|Mbps|Gbps|GHz|MHz|kHz|mph|km|kg|ms|ns|µs|KB|kB|MB|GB|TB|cm|mm|°C|°F)(?![\w\/])/) { match in
            "\(match.output.1) \(units[String(match.output.2)] ?? String(match.output.2))"
        }
        text = text.replacing(/\b(\d+(?:\.\d+)?)\s?[x×](?![\w])/) { "\($0.output.1) times" }
        text = text.replacing(/\b(\d{1,4})\s?[–—]\s?(\d{1,4})\b/) { "\($0.output.1) to \($0.output.2)" }
        return text
    }

    private static var abbreviations: [(Regex<Substring>, String)] {
        [
        (/\be\.\s?g\.(?:,)?/, "for example,"), (/\bi\.\s?e\.(?:,)?/, "that is,"), (/\betc\./, "et cetera."),
        (/\bvs\.?(?=\s)/, "versus"), (/\bapprox\.(?=\s)/, "approximately"), (/\bcf\.(?=\s)/, "compare"),
        (/\bDr\.(?=\s+[A-Z])/, "Doctor"), (/\bMr\.(?=\s)/, "Mister"), (/\bMrs\.(?=\s)/, "Missus"),
        (/\bMs\.(?=\s)/, "Miz"), (/\bProf\.(?=\s)/, "Professor"), (/\bSt\.(?=\s+[A-Z])/, "Saint"),
        (/\bca\.(?=\s?\d)/, "circa"), (/\bNo\.(?=\s?\d)/, "number"), (/\bw\/(?=\s)/, "with"),
        (/\ba\.m\./, "A M"), (/\bp\.m\./, "P M"), (/\bFig\.(?=\s?\d)/, "Figure"), (/\bch\.(?=\s?\d)/, "chapter"),
        (/\bp\.(?=\s?\d)/, "page"), (/\bpp\.(?=\s?\d)/, "pages"), (/\bvol\.(?=\s?\d)/, "volume"),
        ]
    }

    /// "e.g." → "for example", "Dr. Smith" → "Doctor Smith", "&" → "and", and the like.
    static func expandAbbreviations(_ text: String) -> String {
        var text = text
        for (pattern, replacement) in abbreviations {
            text = text.replacing(pattern) { _ in replacement }
        }
        text = text.replacing(/\s&\s/) { _ in " and " }
        text = text.replacing(/\bw\/o\b/) { _ in "without" }
        text = text.replacing(/(^|\s)~\s?(?=\d)/) { "\($0.output.1)about " }
        text = text.replacing(/#(?=\d)/) { _ in "number " }
        text = text.replacing(/\band\/or\b/) { _ in "and or" }
        text = text.replacing(/([A-Za-z])\/([A-Za-z])/) { "\($0.output.1) \($0.output.2)" }
        return text
    }

    /// Emoji, pictographs, box drawing and stray markup symbols go; dashes become commas.
    static func dropSymbols(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.isEmojiPresentation || (properties.isEmoji && scalar.value > 0x2000 && !properties.isASCIIHexDigit)
                || (0x2500...0x259F).contains(scalar.value) || scalar.value == 0xFE0F || scalar.value == 0x200D {
                continue
            }
            switch scalar {
            case "—", "―": scalars.append(contentsOf: ", ".unicodeScalars)
            case "*", "_", "|", "<", ">", "{", "}", "=", "^": scalars.append(" ")
            default: scalars.append(scalar)
            }
        }
        return String(scalars).replacing(/\s+,/) { _ in "," }.replacing(/,\s*,+/) { _ in "," }
    }
}
