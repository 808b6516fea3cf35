import Foundation
import HTMLExtraction
import MarksReading

/// What the reader marks in an article's text tokens: the words an Ask citation opens at (`<mark class="passage">`,
/// the first `id="passage"`) and the person's highlights (`<mark class="hl" data-hl="ID">`, the first piece of each
/// `id="hl-ID"`), both through `ArticleText`'s one mapping from a match to the tokens. A highlight is placed by its
/// quote and context over the whole article (`TextQuote.place`); those that cannot be placed are listed in
/// `unplaced`. Where a highlight and a citation overlap, the highlight is drawn.
struct ArticleMarks {
    enum Label: Equatable {
        case passage
        case highlight(Int)
    }

    /// Per text token, its marked runs (UTF-16, sorted, not overlapping).
    private var runs: [Int: [(range: NSRange, label: Label)]] = [:]
    /// The ids of the highlights not found in the text.
    private(set) var unplaced: Set<Int> = []

    /// No marks.
    init() {}

    /// The marks of `tokens` for `passage` (nil: none) and `highlights`.
    init(tokens: [ArticleToken], passage: PassageHighlight?, highlights: [Highlight]) {
        var labels: [Int: [(NSRange, Label)]] = [:]
        if let passage {
            for (index, ranges) in passage.ranges(across: tokens) { labels[index, default: []] += ranges.map { ($0, .passage) } }
        }
        if !highlights.isEmpty, let whole = ArticleText(tokens, byBlock: false).spans.first {
            let letters = TextQuote.Letters(whole.text)
            for highlight in highlights {
                guard let range = highlight.anchor.place(in: letters) else {
                    unplaced.insert(highlight.id)
                    continue
                }
                let found = NSRange(location: range.lowerBound, length: range.count)
                for (index, ranges) in whole.local([found]) { labels[index, default: []] += ranges.map { ($0, .highlight(highlight.id)) } }
            }
        } else {
            unplaced = Set(highlights.map(\.id))
        }
        for (index, list) in labels { runs[index] = Self.flatten(list) }
    }

    /// Overlapping labelled ranges as runs where later labels win (highlights are added after the citation).
    private static func flatten(_ list: [(NSRange, Label)]) -> [(range: NSRange, label: Label)] {
        guard let end = list.map({ NSMaxRange($0.0) }).max() else { return [] }
        var owner = [Label?](repeating: nil, count: end)
        for (range, label) in list { for i in range.location..<NSMaxRange(range) { owner[i] = label } }
        var out: [(range: NSRange, label: Label)] = []
        var i = 0
        while i < end {
            guard let label = owner[i] else {
                i += 1
                continue
            }
            var j = i + 1
            while j < end, owner[j] == label { j += 1 }
            out.append((NSRange(location: i, length: j - i), label))
            i = j
        }
        return out
    }

    /// Whether text token `index` has marks.
    func marks(_ index: Int) -> Bool { runs[index] != nil }

    /// Which marks have been written, so each id is given once.
    struct Written {
        var passage = false
        var highlights: Set<Int> = []
    }

    /// `text` (text token `index`) escaped, with its marks, into `out`.
    func write(_ text: String, index: Int, into out: inout [UInt8], written: inout Written) {
        guard let runs = runs[index] else {
            HTML.appendEscaped(text, to: &out)
            return
        }
        let utf16 = text.utf16
        var position = text.startIndex
        for run in runs {
            guard NSMaxRange(run.range) <= utf16.count else { continue }
            let lower = utf16.index(utf16.startIndex, offsetBy: run.range.location)
            let upper = utf16.index(lower, offsetBy: run.range.length)
            guard lower >= position, lower < upper else { continue }
            HTML.appendEscaped(String(text[position..<lower]), to: &out)
            switch run.label {
            case .passage:
                out += Array((written.passage ? "<mark class=\"passage\">" : "<mark class=\"passage\" id=\"passage\">").utf8)
                written.passage = true
            case .highlight(let id):
                let anchor = written.highlights.contains(id) ? "" : " id=\"hl-\(id)\""
                written.highlights.insert(id)
                out += Array("<mark class=\"hl\" data-hl=\"\(id)\"\(anchor)>".utf8)
            }
            HTML.appendEscaped(String(text[lower..<upper]), to: &out)
            out += Array("</mark>".utf8)
            position = upper
        }
        HTML.appendEscaped(String(text[position...]), to: &out)
    }
}
