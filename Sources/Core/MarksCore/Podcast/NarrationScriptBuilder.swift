/// Turns an article's or source's blocks into a narration script: an intro ("From example.com: Title, about 6
/// minutes"), the body with each heading a chapter and a pause, code blocks and tables skipped with a word, the
/// text made speakable (`SpokenText`), and an outro. Pure: no I/O.
public enum NarrationScriptBuilder {
    /// The speaking rate the intro's estimate assumes (espeak-ng's default 175 words a minute, less its pauses).
    public static let wordsPerMinute = 160
    /// Silence after a section that a level-1 or -2 heading follows, and after deeper ones.
    static let majorPause = 1.2, minorPause = 0.8

    /// The script for `source`, or nil when it has nothing to speak (no text once code, tables and markup are
    /// set aside).
    public static func script(for source: NarrationSource) -> NarrationScript? {
        let english = SpokenText.isEnglish(source.language)
        let title = source.title.map { SpokenText.collapse($0) }.flatMap { $0.isEmpty ? nil : $0 }
        var body: [(title: String?, level: Int, paragraphs: [String])] = [(nil, 1, [])]
        var lastWasCode = false
        var proseWords = 0
        for block in source.blocks {
            var spoken: String?
            switch block {
            case .heading(let level, let text):
                let heading = SpokenText.speakable(text, english: english)
                guard !heading.isEmpty else { continue }
                // An opening heading that repeats the title is the title, not a chapter.
                if body.count == 1, body[0].paragraphs.isEmpty, let title, heading.lowercased() == SpokenText.speakable(title, english: english).lowercased() {
                    continue
                }
                body.append((heading, level, [SpokenText.sentence(heading)]))
                lastWasCode = false
                continue
            case .paragraph(let text), .listItem(let text):
                spoken = SpokenText.speakable(text, english: english)
            case .quote(let text):
                let quote = SpokenText.speakable(text, english: english)
                spoken = quote.isEmpty ? nil : (english ? "Quote: \(SpokenText.sentence(quote)) End of quote." : SpokenText.sentence(quote))
            case .code:
                if !lastWasCode, english { body[body.count - 1].paragraphs.append("A code example is skipped here.") }
                lastWasCode = true
                continue
            case .table(let rows, let caption):
                if english {
                    let named = caption.map { SpokenText.speakable($0, english: english) }.flatMap { $0.isEmpty ? nil : $0 }
                    body[body.count - 1].paragraphs.append(named.map { "A table, \($0), is skipped here." }
                        ?? "A table with \(rows) \(rows == 1 ? "row" : "rows") is skipped here.")
                }
                lastWasCode = false
                continue
            }
            lastWasCode = false
            if let spoken, !spoken.isEmpty {
                body[body.count - 1].paragraphs.append(SpokenText.sentence(spoken))
                proseWords += SpokenText.wordCount(spoken)
            }
        }
        let bodyWords = body.reduce(0) { $0 + $1.paragraphs.reduce(0) { $0 + SpokenText.wordCount($1) } }
        guard proseWords > 0 else { return nil }

        let minutes = max(1, Int((Double(bodyWords) / Double(wordsPerMinute)).rounded()))
        let intro = introduction(title: title, origin: source.origin, minutes: minutes, english: english)
        let outro = english ? outroduction(title: title, origin: source.origin) : nil
        var sections: [NarrationScript.Section] = []
        for (index, part) in body.enumerated() {
            var paragraphs = part.paragraphs
            if index == 0 { paragraphs.insert(intro, at: 0) }
            if index == body.count - 1, let outro { paragraphs.append(outro) }
            guard !paragraphs.isEmpty else { continue }
            let next = index + 1 < body.count ? body[index + 1].level : 1
            sections.append(NarrationScript.Section(
                title: part.title ?? title ?? "Introduction", text: paragraphs.joined(separator: "\n\n"),
                pauseAfter: index == body.count - 1 ? 0 : (next <= 2 ? majorPause : minorPause)))
        }
        let words = sections.reduce(0) { $0 + SpokenText.wordCount($1.text) }
        let artist: String
        switch source.origin {
        case .article(let site): artist = site.isEmpty ? "Marks" : site
        case .source: artist = "Marks"
        }
        return NarrationScript(title: title ?? "Untitled", artist: artist, sections: sections, wordCount: words,
                               estimatedMinutes: minutes, language: source.language)
    }

    private static func introduction(title: String?, origin: NarrationSource.Origin, minutes: Int, english: Bool) -> String {
        let spokenTitle = title.map { SpokenText.speakable($0, english: english) }.flatMap { $0.isEmpty ? nil : $0 }
        guard english else { return SpokenText.sentence(spokenTitle ?? "") }
        let from: String
        switch origin {
        case .article(let site): from = site.isEmpty ? "From the web" : "From \(SpokenText.speakableHost(site))"
        case .source(let kind): from = "From your \(sourceWord(kind))"
        }
        let length = "about \(minutes) \(minutes == 1 ? "minute" : "minutes")."
        return spokenTitle.map { "\(from): \(SpokenText.clause($0)), \(length)" } ?? "\(from), \(length)"
    }

    private static func outroduction(title: String?, origin: NarrationSource.Origin) -> String {
        let spokenTitle = title.map { SpokenText.clause(SpokenText.speakable($0, english: true)) }.flatMap { $0.isEmpty ? nil : $0 }
        switch origin {
        case .article(let site) where !site.isEmpty:
            return spokenTitle.map { "That was \($0), from \(SpokenText.speakableHost(site))." } ?? "That was the article from \(SpokenText.speakableHost(site))."
        default:
            return spokenTitle.map { "That was \($0)." } ?? "That is the end."
        }
    }

    private static func sourceWord(_ kind: String) -> String {
        switch kind.lowercased() {
        case "pdf": "PDF"
        case "file": "file"
        default: "notes"
        }
    }
}
