import Foundation

extension ArticleToken {
    /// `tokens` without heading permalinks: a link to a place in a page (its address has a `#` fragment) whose only
    /// text is a permalink symbol ("¶", "§", "#", 🔗). The sanitizer no longer keeps them; this cleans articles
    /// stored before it learnt to, as they are read.
    public static func withoutPermalinks(_ tokens: [ArticleToken]) -> [ArticleToken] {
        var kept: [ArticleToken] = []
        kept.reserveCapacity(tokens.count)
        var index = 0
        while index < tokens.count {
            if index + 2 < tokens.count, case .start(.a, let attributes) = tokens[index], case .text(let text) = tokens[index + 1],
               case .end(.a) = tokens[index + 2], attributes.contains(where: { $0.name == .href && $0.value.contains("#") }),
               BoilerplateClassifier.permalinkSymbols.contains(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                index += 3
                continue
            }
            kept.append(tokens[index])
            index += 1
        }
        return kept
    }
}
