import MarksCore
import MarksIndex
import MarksLibrary

/// How `marks ask` prints an answer: as text for a person, or as the JSON object of `/v1/marks/ask`.
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

    /// The answer as JSON: question, found, answer, sentences, citations, nearest, reason, engine, used_vectors.
    static func json(_ answer: AskAnswer) -> JSONValue {
        .object([
            ("question", .string(answer.question)),
            ("found", .bool(answer.isFound)),
            ("answer", .string(answer.isFound ? answer.text : AskAnswer.notFoundText)),
            ("sentences", .array(answer.sentences.map { .object([("text", .string($0.text)), ("citation", .int($0.citation))]) })),
            ("citations", .array(answer.citations.map { citation in
                .object([("number", .int(citation.number))] + passageFields(citation.passage) + [("quote", .string(citation.quote))])
            })),
            ("nearest", .array(answer.nearest.map { .object(passageFields($0)) })),
            ("reason", .optional(answer.reason)),
            ("engine", .string(answer.engine)),
            ("used_vectors", .bool(answer.usedVectors)),
        ])
    }

    private static func passageFields(_ result: PassageResult) -> [(String, JSONValue)] {
        let document = result.document
        var fields: [(String, JSONValue)] = [
            ("kind", .string(document.isSource ? "source" : "bookmark")),
            ("title", .string(document.displayTitle)),
            ("url", .string(document.url)),
        ]
        if !document.isSource { fields.append(("bookmark_id", .int(document.id))) }
        fields += [
            ("heading", .optional(result.passage.heading.isEmpty ? nil : result.passage.heading)),
            ("page", result.passage.page.map { .int($0) } ?? .null),
            ("section", .string(result.passage.section)),
            ("range", .array([.int(result.passage.range.lowerBound), .int(result.passage.range.upperBound)])),
            ("passage", .string(result.passage.text)),
        ]
        return fields
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
