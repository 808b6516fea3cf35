/// Splits a search query into tokens exactly as linkding's `SearchQueryTokenizer` does, code point by code point:
/// quotes (`"` or `'`) make one term with backslash escapes and close at the end when unclosed; `#` starts a
/// tag and `!` a keyword (both run to white space or `()"'`, empty ones are dropped); a bare word runs to white
/// space or `()"'#!`, and `and`/`or`/`not` in any case are operators.
struct SearchTokenizer {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    mutating func tokenize() -> [SearchToken] {
        var tokens: [SearchToken] = []
        while true {
            while let c = current, Self.isSpace(c) { index += 1 }
            guard let c = current else { return tokens }
            switch c {
            case "(":
                tokens.append(.openParen)
                index += 1
            case ")":
                tokens.append(.closeParen)
                index += 1
            case "\"", "'":
                tokens.append(.term(readQuoted(c)))
            case "#":
                index += 1
                let name = read(stoppingAt: Self.tagStops)
                if !name.isEmpty { tokens.append(.tag(name)) }
            case "!":
                index += 1
                let keyword = read(stoppingAt: Self.tagStops)
                if !keyword.isEmpty { tokens.append(.keyword(keyword)) }
            default:
                let word = read(stoppingAt: Self.wordStops)
                switch word.lowercased() {
                case "and": tokens.append(.and)
                case "or": tokens.append(.or)
                case "not": tokens.append(.not)
                default: tokens.append(.term(word))
                }
            }
        }
    }

    private static let tagStops: Set<Unicode.Scalar> = ["(", ")", "\"", "'"]
    private static let wordStops: Set<Unicode.Scalar> = ["(", ")", "\"", "'", "#", "!"]

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func read(stoppingAt stops: Set<Unicode.Scalar>) -> String {
        var out = String.UnicodeScalarView()
        while let c = current, !Self.isSpace(c), !stops.contains(c) {
            out.append(c)
            index += 1
        }
        return String(out)
    }

    private mutating func readQuoted(_ quote: Unicode.Scalar) -> String {
        var out = String.UnicodeScalarView()
        index += 1
        while let c = current, c != quote {
            index += 1
            guard c == "\\" else {
                out.append(c)
                continue
            }
            guard let escaped = current else { break }
            index += 1
            switch escaped {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            default: out.append(escaped)
            }
        }
        if current == quote { index += 1 }
        return String(out)
    }

    static func isSpace(_ c: Unicode.Scalar) -> Bool {
        PythonWhitespace.contains(c)
    }
}
