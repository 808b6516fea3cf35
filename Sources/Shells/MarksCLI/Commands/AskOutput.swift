import MarksIndex
import MarksAsk

/// How `marks ask` prints an answer: as text for a person (the JSON object is `AskAnswer.json`, shared with
/// `POST /v1/marks/ask`).
enum AskOutput {
    /// The answer, a blank line, then one block per citation (or the nearest items when not found).
    static func lines(_ answer: AskAnswer) -> [String] {
        guard answer.isFound else {
            var lines = [AskAnswer.notFoundText + (answer.reason.map { " (\($0))" } ?? "")]
            if !answer.nearest.isEmpty {
                lines.append("")
                lines.append("Nearest:")
                lines += answer.nearest.map { "  " + title($0) + "  " + place($0) }
            }
            return lines
        }
        var lines = [answer.text, ""]
        for citation in answer.citations {
            lines.append("[\(citation.number)] " + title(citation.passage) + "  " + place(citation.passage))
            lines.append("    “" + citation.quote.singleLine + "”")
        }
        return lines
    }

    private static func title(_ result: PassageResult) -> String {
        (result.document.isSource ? "source: " : "") + result.document.displayTitle.singleLine
    }

    private static func place(_ result: PassageResult) -> String {
        var place = result.document.url
        if let page = result.passage.page { place += " p. \(page)" }
        if !result.passage.heading.isEmpty, result.passage.heading != result.document.title { place += " — " + result.passage.heading.singleLine }
        return place
    }
}
