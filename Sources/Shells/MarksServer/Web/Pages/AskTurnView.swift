import MarksIndex
import MarksAsk

/// One question and its answer in the Ask tab's thread: the answer's sentences, each `[n]` a link to its citation
/// card; the cards (title, the site or "Source", the quoted words) opening the bookmark's reader, its page or the
/// source at the passage, highlighted; or "I couldn't find that in your bookmarks" with the nearest items; and, in
/// plain words, why a provider's answer was not used. The same markup answers the form and ends the script's stream.
struct AskTurnView {
    var answer: AskAnswer
    /// The turn's number in the conversation (ids of its citations: `t<turn>-c<n>`).
    var turn: Int

    func render() -> HTML {
        """
        <article class="ask-turn" id="turn-\(String(turn))" aria-labelledby="turn-\(String(turn))-q">\
        <h2 class="ask-question" id="turn-\(String(turn))-q">\(answer.question)</h2>\(body())\(notes())</article>
        """
    }

    private func body() -> HTML {
        guard answer.isFound else {
            let reason: HTML = answer.reason.map { "<p class=\"hint\">Why: \($0).</p>" } ?? .empty
            var seen = Set<String>()
            let nearest = answer.nearest.filter { seen.insert($0.document.url).inserted }
            let list: HTML = nearest.isEmpty ? .empty : """
                <h3 class="ask-nearest-heading" id="turn-\(String(turn))-nearest">The nearest items</h3>\
                <ul class="ask-nearest" aria-labelledby="turn-\(String(turn))-nearest">\(HTML.each(nearest) { result in
                    "<li><a href=\"\(Self.link(result, highlight: Self.opening(result.passage.text)))\">\(result.document.displayTitle)</a> <span class=\"ask-where\">\(Self.place(result))</span></li>"
                })</ul>
                """
            return "<p class=\"ask-answer ask-not-found\">\(AskAnswer.notFoundText)</p>\(reason)\(list)"
        }
        let sentences = HTML.each(answer.sentences) { sentence in
            let markers = HTML.each(sentence.citations) { number in
                let title = answer.citations.first { $0.number == number }?.passage.document.displayTitle ?? ""
                return "<a class=\"cite\" href=\"#t\(String(turn))-c\(String(number))\" aria-label=\"Citation \(String(number)): \(title)\">[\(String(number))]</a>"
            }
            return "\(sentence.text) \(markers) "
        }
        let cards = HTML.each(answer.citations) { citation in
            let result = citation.passage
            return """
                <li class="citation" id="t\(String(turn))-c\(String(citation.number))"><span class="citation-number" aria-hidden="true">\(String(citation.number))</span>\
                <div><a class="citation-title" href="\(Self.link(result, highlight: citation.quote))">\(result.document.displayTitle)</a>\
                <p class="ask-where">\(Self.place(result))</p><blockquote class="citation-quote">\(citation.quote)</blockquote></div></li>
                """
        }
        return """
            <p class="ask-answer">\(sentences)</p>\
            <h3 class="visually-hidden" id="turn-\(String(turn))-sources">Citations</h3>\
            <ol class="citations" aria-labelledby="turn-\(String(turn))-sources">\(cards)</ol>
            """
    }

    /// Why a provider was not used, and an answer made from words alone, said plainly.
    private func notes() -> HTML {
        var notes: [HTML] = []
        if let reason = answer.fallbackReason {
            notes.append("<p class=\"ask-note\">Answered offline, because the language model’s answer could not be used: \(reason).</p>")
        }
        if !answer.usedVectors {
            notes.append("<p class=\"ask-note\">The search model is not installed, so this answer matches words only.</p>")
        }
        return HTML.join(notes)
    }

    /// Where a passage opens: a source's page, the reader (archived page text) or the bookmark's page (its own
    /// fields), with the words to highlight and `#passage`.
    static func link(_ result: PassageResult, highlight: String) -> SafeURL {
        let document = result.document
        let path: String
        if document.isSource {
            path = "/sources/" + document.url.dropFirst("marks-source://".count)
        } else if result.passage.section == "page" {
            path = "/bookmarks/\(document.id)/read"
        } else {
            path = "/bookmarks/\(document.id)"
        }
        let target = SafeURL.path(path, query: [("highlight", String(highlight.prefix(PassageHighlight.maximumLength)))]).value
        return SafeURL.path(target + "#passage")
    }

    /// "example.org · Starter", "Source · p. 3".
    static func place(_ result: PassageResult) -> String {
        var parts = [result.document.isSource ? "Source" : result.document.domain]
        if !result.passage.heading.isEmpty, result.passage.heading != result.document.title { parts.append(result.passage.heading) }
        if let page = result.passage.page { parts.append("p. \(page)") }
        return parts.filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// The first two sentences of a passage (what a nearest item opens at).
    static func opening(_ text: String) -> String {
        var sentences: [Substring] = []
        var rest = Substring(text)
        while sentences.count < 2, let end = rest.firstIndex(where: { ".!?".contains($0) }) {
            sentences.append(rest[...end])
            rest = rest[rest.index(after: end)...]
        }
        return sentences.isEmpty ? String(text.prefix(300)) : sentences.joined()
    }
}

/// An earlier turn of the conversation as kept (its question and its answer's words, markers as text).
struct AskEarlierTurnView {
    var turn: AskTurn
    var number: Int

    func render() -> HTML {
        """
        <article class="ask-turn ask-earlier" id="turn-\(String(number))" aria-labelledby="turn-\(String(number))-q">\
        <h2 class="ask-question" id="turn-\(String(number))-q">\(turn.question)</h2><p class="ask-answer">\(turn.answer)</p></article>
        """
    }
}
