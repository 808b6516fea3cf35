import MarksCore
import MarksIndex

extension AskAnswer {
    /// The answer as the JSON object of `marks ask --json` and `POST /v1/marks/ask`: question, found, answer,
    /// sentences, citations, nearest, reason, engine, fallback_reason, conversation_id, used_vectors.
    public var json: JSONValue {
        .object([
            ("question", .string(question)),
            ("found", .bool(isFound)),
            ("answer", .string(displayText)),
            ("sentences", .array(sentences.map { sentence in
                .object([("text", .string(sentence.text)), ("citation", .int(sentence.citation)),
                         ("citations", .array(sentence.citations.map { .int($0) }))])
            })),
            ("citations", .array(citations.map { citation in
                .object([("number", .int(citation.number))] + Self.passageFields(citation.passage) + [("quote", .string(citation.quote))])
            })),
            ("nearest", .array(nearest.map { .object(Self.passageFields($0)) })),
            ("reason", .optional(reason)),
            ("engine", .string(engine)),
            ("fallback_reason", .optional(fallbackReason)),
            ("conversation_id", .optional(conversationID)),
            ("used_vectors", .bool(usedVectors)),
        ])
    }

    /// A passage's fields: kind, title, url, bookmark_id (bookmarks), heading, page, section, range, passage.
    static func passageFields(_ result: PassageResult) -> [(String, JSONValue)] {
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
}

extension AskTurn {
    /// The turn as JSON: question, answer, query, engine, asked_at (ISO 8601).
    public var json: JSONValue {
        .object([("question", .string(question)), ("answer", .string(answer)), ("query", .string(query)),
                 ("engine", .string(engine)), ("asked_at", .string(LinkdingDate.format(date)))])
    }
}
