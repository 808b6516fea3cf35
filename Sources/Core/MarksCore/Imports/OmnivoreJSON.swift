import Foundation

/// Omnivore's export: a ZIP whose `metadata_*.json` files each hold an array of saved items — `url`, `title`,
/// `description`, `labels` (names), `state` (`Archived` for archived ones, else `Succeeded`…), `readingProgress`
/// (0–100), `savedAt` (ISO 8601). One such file (or their arrays joined) is read here; an item's `highlights` —
/// the Markdown of its `highlights/<slug>.md`, or a list of `quote` and `annotation` — is kept in the notes.
enum OmnivoreJSON {
    static func parse(_ text: String) throws(ImportFormatError) -> ImportCollector {
        let items = try ImportJSON.objects(try ImportJSON.parse(text, as: .omnivore), format: .omnivore, what: "saved items")
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
                entry.notes = markdown.trimmingCharacters(in: .whitespacesAndNewlines)
            } else if let list = object["highlights"] as? [Any] {
                entry.notes = ImportedNotes.notes(highlights: list.compactMap { $0 as? [String: Any] }.map {
                    (ImportJSON.text($0["quote"]), ImportJSON.text($0["annotation"]))
                })
            }
            collector.add(entry, at: place)
        }
        return collector
    }
}
