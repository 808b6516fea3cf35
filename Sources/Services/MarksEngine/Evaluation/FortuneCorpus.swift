import Foundation
import MarksCore

/// Reads Debian's categorised fortune files (`scripts/fetch-eval-data.sh` copies them): one file per
/// category, fortunes separated by lines holding only `%`.
public enum FortuneCorpus {
    /// Categories whose fortunes are about one recognisable subject (the evaluation uses these).
    public static let topicalCategories = [
        "art", "computers", "drugs", "education", "food", "kids", "law", "linux", "literature", "love",
        "magic", "medicine", "pets", "politics", "science", "sports", "startrek", "work",
    ]

    /// Up to `perCategory` fortunes of each of `categories` that have at least `minimumLength` characters,
    /// in file order; categories whose file is missing are skipped.
    public static func load(directory: URL, categories: [String] = topicalCategories, perCategory: Int, minimumLength: Int = 120) throws -> [LabelledText] {
        var texts: [LabelledText] = []
        for category in categories {
            let file = directory.appendingPathComponent(category)
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            let data = try Data(contentsOf: file)
            let content = String(decoding: data, as: UTF8.self)
            var kept = 0
            for (position, fortune) in EvaluationText.fortunes(in: content).enumerated() where fortune.count >= minimumLength && fortune.count <= 1500 {
                texts.append(LabelledText(label: category, title: nil, text: fortune, source: "\(category)#\(position)"))
                kept += 1
                if kept == perCategory { break }
            }
        }
        return texts
    }
}
