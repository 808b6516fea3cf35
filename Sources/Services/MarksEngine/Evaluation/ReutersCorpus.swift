import Foundation
import MarksCore

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
                guard let article = EvaluationText.reutersArticle(xml) else { continue }
                articles.append(LabelledText(label: topic, title: article.title, text: article.paragraphs.joined(separator: "\n"),
                                             source: "\(topic)/\(name)"))
            }
        }
        return articles
    }
}
