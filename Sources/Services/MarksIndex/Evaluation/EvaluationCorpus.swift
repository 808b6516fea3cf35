import Foundation
import MarksCore

/// The labelled texts `scripts/fetch-eval-data.sh` copies from Debian packages: Reuters-21578 articles
/// (r-cran-tm: `reuters/{acq,crude}/*.xml`, headline and body) and the categorised fortune files
/// (fortunes, fortunes-min: `fortunes/<category>`, entries separated by `%` lines).
public enum EvaluationCorpus {
    /// One news article: its headline and its body as paragraphs (lead first).
    public struct Article: Sendable {
        /// Its topic folder and file name (`acq/reut-00001.xml`).
        public var source: String
        /// Lower-case.
        public var headline: String
        public var paragraphs: [String]
    }

    /// One fortune and its category (the file it came from).
    public struct Fortune: Sendable {
        public var category: String
        public var text: String
    }

    /// Every Reuters article with a headline and a body of `minimumParagraphs` paragraphs or more, topic by topic,
    /// files in name order.
    public static func reuters(_ directory: URL, minimumParagraphs: Int = 2) throws -> [Article] {
        var articles: [Article] = []
        for topic in ["acq", "crude"] {
            let folder = directory.appendingPathComponent(topic, isDirectory: true)
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xml") }.sorted()
            } catch {
                throw IndexError.evaluationData("no Reuters articles in \(folder.path)")
            }
            for name in names {
                let xml = try read(folder.appendingPathComponent(name))
                guard let article = EvaluationText.reutersArticle(xml), let title = article.title,
                      article.paragraphs.count >= minimumParagraphs else { continue }
                articles.append(Article(source: "\(topic)/\(name)", headline: title.lowercased(), paragraphs: article.paragraphs))
            }
        }
        guard !articles.isEmpty else { throw IndexError.evaluationData("no Reuters articles under \(directory.path)") }
        return articles
    }

    /// Up to `count` prose fortunes (8 to 80 words, mostly letters), taken round-robin over the categories so
    /// every category is represented; deterministic.
    public static func fortunes(_ directory: URL, count: Int) throws -> [Fortune] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw IndexError.evaluationData("no fortune files in \(directory.path)")
        }
        var byCategory: [[Fortune]] = []
        for name in names {
            let text = try read(directory.appendingPathComponent(name))
            let entries = EvaluationText.fortunes(in: text)
            byCategory.append(entries.filter(isProse).map { Fortune(category: name, text: $0) })
        }
        var picked: [Fortune] = []
        var round = 0
        while picked.count < count, byCategory.contains(where: { $0.count > round }) {
            for entries in byCategory where entries.count > round && picked.count < count { picked.append(entries[round]) }
            round += 1
        }
        guard !picked.isEmpty else { throw IndexError.evaluationData("no usable fortunes in \(directory.path)") }
        return picked
    }

    private static func isProse(_ text: String) -> Bool {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard (8...80).contains(words.count) else { return false }
        let letters = text.unicodeScalars.filter { CharacterSet.letters.contains($0) }.count
        return Double(letters) / Double(max(1, text.unicodeScalars.count)) > 0.6
    }

    private static func read(_ url: URL) throws -> String {
        do {
            let data = try Data(contentsOf: url)
            return String(decoding: data, as: UTF8.self)
        } catch {
            throw IndexError.evaluationData("cannot read \(url.path)")
        }
    }
}
