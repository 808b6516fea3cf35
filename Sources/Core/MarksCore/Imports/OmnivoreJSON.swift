import Foundation

/// Omnivore's export: a ZIP whose `metadata_*.json` files each hold an array of saved items — `url`, `title`,
/// `description`, `labels` (names), `state` (`Archived` for archived ones, else `Succeeded`…), `readingProgress`
/// (0–100), `savedAt` (ISO 8601). One such file (or their arrays joined) is read here; an item's `highlights` —
/// the Markdown of its `highlights/<slug>.md`, or a list of `quote` and `annotation` — become highlights.
enum OmnivoreJSON {
    static func parse(_ text: String) throws(ImportFormatError) -> ImportCollector {
        let items = try ImportJSON.objects(try ImportJSON.objects(try ImportJSON.parse(text, as: .omnivore), format: .omnivore, what: "saved items"),
                                           withAnyOf: ["savedAt", "labels", "slug", "readingProgress", "state"], format: .omnivore, what: "saved items")
        var collector = ImportCollector(.omnivore)
        for (index, object) in items.enumerated() {
            let place = ImportPlace.entry(index + 1)
            var entry = NetscapeEntry(url: ImportJSON.text(object["url"]), title: ImportedText.plain(ImportJSON.text(object["title"])))
            entry.description = ImportedText.plain(ImportJSON.text(object["description"]))
            entry.tags = ImportJSON.tags(object["labels"])
            entry.archived = ImportJSON.text(object["state"]).lowercased() == "archived"
            entry.unread = !entry.archived && (ImportJSON.number(object["readingProgress"]) ?? 0) < 100
            entry.dateAdded = collector.date(json: object["savedAt"], field: "savedAt", at: place)
            entry.dateModified = collector.date(json: object["updatedAt"], field: "updatedAt", at: place)
            if let markdown = object["highlights"] as? String {
                ImportedNotes.add(Self.highlights(markdown: markdown), to: &entry)
            } else {
                ImportedNotes.add(collector.annotations(json: object["highlights"], at: place), to: &entry)
            }
            collector.add(entry, at: place)
        }
        return collector
    }

    /// The highlights of an item's `highlights/<slug>.md`: each a quote (`> ` lines, the link back to Omnivore at
    /// its end dropped), the paragraphs after it up to the next quote its note; text before the first quote is a note
    /// of its own.
    static func highlights(markdown: String) -> [(quote: String, note: String, date: Date?)] {
        var found: [(quote: String, note: String, date: Date?)] = []
        var quote: [Substring] = []
        var note: [Substring] = []
        var inQuote = false
        func flush() {
            let text = quote.joined(separator: "\n")
            let annotation = note.joined(separator: "\n")
            if !text.importTrimmed.isEmpty || !annotation.importTrimmed.isEmpty { found.append((text, annotation, nil)) }
            quote = []
            note = []
        }
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(">") {
                if !inQuote { flush() }
                inQuote = true
                var text = line.dropFirst()
                if text.hasPrefix(" ") { text = text.dropFirst() }
                if let link = text.range(of: " [⤴️](", options: .backwards), text.hasSuffix(")") { text = text[..<link.lowerBound] }
                quote.append(text)
            } else {
                inQuote = false
                note.append(line)
            }
        }
        flush()
        return found
    }
}
