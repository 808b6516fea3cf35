import Foundation

/// The evaluation corpora's file formats, parsed from text already read (the engine's and the index's evaluations both
/// read them; this is the one parser): Reuters-21578 articles as r-cran-tm ships them (one XML file an article with
/// TITLE and BODY), Debian's fortune files (entries between lines holding only `%`), the finding evaluation's package
/// lines (`debian/corpus.tsv`) and its HTML pages' titles.
public enum EvaluationText {
    /// One Debian package of `debian/corpus.tsv`: name, section, debtags, short description and the long one's
    /// paragraphs.
    public struct DebianPackage: Sendable, Equatable {
        public var name: String
        public var section: String
        public var debtags: [String]
        public var summary: String
        public var paragraphs: [String]
    }

    /// The package of one `corpus.tsv` line (`package<TAB>section<TAB>debtags<TAB>short<TAB>long`, the long
    /// description's paragraphs joined by a literal `\n`), or nil when the line has fewer fields or no name.
    public static func debianPackage(_ line: some StringProtocol) -> DebianPackage? {
        let fields = String(line).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 5, !fields[0].isEmpty else { return nil }
        return DebianPackage(name: fields[0], section: fields[1], debtags: fields[2].split(separator: ",").map(String.init),
                             summary: fields[3], paragraphs: fields[4].components(separatedBy: "\\n").filter { !$0.isEmpty })
    }

    /// The decoded text of an HTML page's `<title>`, less a " — Site" tail after `separator`; nil without one.
    public static func htmlTitle(_ html: String, droppingAfter separator: String? = nil) -> String? {
        guard let title = element("title", in: html) else { return nil }
        let decoded = decodeXML(title).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let separator, let range = decoded.range(of: separator) else { return decoded }
        return String(decoded[..<range.lowerBound])
    }

    /// One Reuters article: its decoded headline (nil when it has none) and its body as paragraphs, lead first.
    public struct ReutersArticle: Sendable, Equatable {
        public var title: String?
        public var paragraphs: [String]
    }

    /// The article in one Reuters XML file, or nil when it has no body.
    public static func reutersArticle(_ xml: String) -> ReutersArticle? {
        guard let body = element("BODY", in: xml) else { return nil }
        return ReutersArticle(title: element("TITLE", in: xml).map(decodeXML), paragraphs: paragraphs(decodeXML(body)))
    }

    /// The entries of one fortune file, trimmed, none empty.
    public static func fortunes(in content: String) -> [String] {
        var result: [String] = []
        var current: [String] = []
        func close() {
            let fortune = current.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            if !fortune.isEmpty { result.append(fortune) }
            current = []
        }
        for line in content.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces) == "%" { close() } else { current.append(String(line)) }
        }
        close()
        return result
    }

    /// The text of the first `<name>…</name>` element.
    static func element(_ name: String, in xml: String) -> String? {
        guard let open = xml.range(of: "<\(name)>"), let close = xml.range(of: "</\(name)>", range: open.upperBound..<xml.endIndex) else { return nil }
        return String(xml[open.upperBound..<close.lowerBound])
    }

    /// Wire copy as paragraphs: an indented line starts one, wrapped lines join, the closing "Reuter" sign-off goes.
    public static func paragraphs(_ body: String) -> [String] {
        var paragraphs: [String] = []
        var current: [String] = []
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix(" "), !current.isEmpty {
                paragraphs.append(current.joined(separator: " "))
                current = []
            }
            if !trimmed.isEmpty { current.append(trimmed) }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        if let last = paragraphs.last, ["reuter", "reuters"].contains(last.lowercased()) { paragraphs.removeLast() }
        return paragraphs
    }

    /// XML character references and the five named entities decoded (`&amp;` last, so `&amp;lt;` stays `&lt;`).
    public static func decodeXML(_ text: String) -> String {
        var result = text
        for (entity, value) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'")] {
            result = result.replacingOccurrences(of: entity, with: value)
        }
        while let range = result.range(of: "&#[0-9]{1,6};", options: .regularExpression) {
            let digits = result[range].dropFirst(2).dropLast()
            let scalar = UInt32(digits).flatMap(Unicode.Scalar.init).map(String.init) ?? ""
            result.replaceSubrange(range, with: scalar)
        }
        return result.replacingOccurrences(of: "&amp;", with: "&")
    }
}
