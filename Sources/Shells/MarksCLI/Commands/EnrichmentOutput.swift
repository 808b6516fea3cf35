import MarksCore
import MarksBookmarks

/// How enrichment results print: a few readable lines, or one JSON object.
enum EnrichmentOutput {
    static func json(_ outcome: EnrichmentOutcome) -> JSONValue {
        .object([
            ("id", .int(outcome.bookmark.id)),
            ("url", .string(outcome.bookmark.url)),
            ("summary", .string(outcome.summary)),
            ("tags", .array(outcome.tags.map(JSONValue.string))),
            ("engine", .string(outcome.engine)),
            ("fallback_reason", outcome.fallbackReason.map(JSONValue.string) ?? .null),
            ("from_title_only", .bool(outcome.fromTitleOnly)),
        ])
    }

    static func lines(_ outcome: EnrichmentOutcome) -> [String] {
        var lines: [String] = []
        lines.append("Summary: " + (outcome.summary.isEmpty ? "(the page has no text to summarise)" : outcome.summary.singleLine))
        if !outcome.tags.isEmpty { lines.append("AI tags: " + outcome.tags.map(\.singleLine).joined(separator: ", ")) }
        var engine = "Engine: " + outcome.engine.singleLine
        if let reason = outcome.fallbackReason { engine += " (fallback: \(reason.singleLine))" }
        if outcome.fromTitleOnly { engine += "; the page could not be read, so this is from the title and description" }
        lines.append(engine)
        return lines
    }

    static func json(_ report: EnrichmentReport) -> JSONValue {
        .object([
            ("enriched", .int(report.enriched)), ("skipped", .int(report.skipped)), ("failed", .int(report.failed)),
            ("remaining", .int(report.remaining)), ("stopped", .bool(report.stopped)),
            ("errors", .array(report.errors.map(JSONValue.string))),
        ])
    }
}
