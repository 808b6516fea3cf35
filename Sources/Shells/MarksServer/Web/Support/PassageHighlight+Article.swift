import Foundation
import HTMLExtraction

extension PassageHighlight {
    /// The marks of a structured article, by the index of each text token that gets one: its ranges (UTF-16, within
    /// that token's text). Sentences are matched over the whole text of each block (`ArticleText` by block, as
    /// passages are cut), so a quote that spans inline markup is found, and each text token inside the match is
    /// marked on its own, keeping the markup whole.
    func ranges(across tokens: [ArticleToken]) -> [Int: [NSRange]] {
        var result: [Int: [NSRange]] = [:]
        for span in ArticleText(tokens, byBlock: true).spans {
            let found = ranges(in: span.text)
            guard !found.isEmpty else { continue }
            result.merge(span.local(found)) { $0 + $1 }
        }
        return result
    }
}
