import Foundation

/// The evaluation corpora's file formats, parsed from text already read (the engine's and the index's evaluations both
/// read them; this is the one parser): Reuters-21578 articles as r-cran-tm ships them (one XML file an article with
/// TITLE and BODY) and Debian's fortune files (entries between lines holding only `%`).
public enum EvaluationText {
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
