import Foundation

/// Reads the Reuters-21578 articles of Debian's r-cran-tm (`texts/crude/*.xml`, `texts/acq/*.xml`), as
/// `scripts/fetch-eval-data.sh` copies them: one XML file per article with TITLE, BODY and TOPICS.
public enum ReutersCorpus {
    /// The topics read, each a sub-directory.
    public static let topics = ["acq", "crude"]

    /// Every article under `directory`, topic by topic, files in name order.
    public static func load(directory: URL) throws -> [LabelledText] {
        var articles: [LabelledText] = []
        for topic in topics {
            let folder = directory.appendingPathComponent(topic, isDirectory: true)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xml") }.sorted()
            for name in names {
                let xml = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                guard let body = element("BODY", in: xml) else { continue }
                articles.append(LabelledText(label: topic, title: element("TITLE", in: xml).map(decode), text: paragraphs(decode(body)), source: "\(topic)/\(name)"))
            }
        }
        return articles
    }

    /// The text of the first `<name>…</name>` element.
    static func element(_ name: String, in xml: String) -> String? {
        guard let open = xml.range(of: "<\(name)>"), let close = xml.range(of: "</\(name)>", range: open.upperBound..<xml.endIndex) else { return nil }
        return String(xml[open.upperBound..<close.lowerBound])
    }

    /// Wire copy as paragraphs: an indented line starts a paragraph, wrapped lines are joined, the closing
    /// "Reuter" sign-off is dropped.
    static func paragraphs(_ body: String) -> String {
        var paragraphs: [String] = []
        var current: [String] = []
        for line in body.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix(" "), !current.isEmpty {
                paragraphs.append(current.joined(separator: " "))
                current = []
            }
            if !trimmed.isEmpty { current.append(trimmed) }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        if let last = paragraphs.last, last.lowercased() == "reuter" || last.lowercased() == "reuters" { paragraphs.removeLast() }
        return paragraphs.joined(separator: "\n")
    }

    /// XML character references and the five named entities decoded.
    static func decode(_ text: String) -> String {
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
