import Foundation

/// Wallabag's JSON export (Unread/Archive/All → Export → JSON): an array of entries with `url`, `title`, `content`
/// (the article's HTML), `tags` (names, or objects with `label`), `is_archived` and `is_starred` (0/1 or booleans),
/// `created_at` (`2016-09-08T11:55:58+0200`) and `annotations` (`quote`, `text`, `ranges`). Archived entries are read;
/// starred ones get the tag `starred`; an annotation becomes a highlight (its quote and note; the `ranges` point into
/// Wallabag's copy of the page, so Marks places it by its words), one without a quote stays in the notes. The content is not
/// kept: Marks reads the page itself.
enum WallabagJSON {
    static func parse(_ text: String) throws(ImportFormatError) -> ImportCollector {
        let entries = try ImportJSON.objects(try ImportJSON.objects(try ImportJSON.parse(text, as: .wallabag), format: .wallabag, what: "entries"),
                                             withAnyOf: ["is_archived", "is_starred", "annotations", "created_at"], format: .wallabag, what: "entries")
        var collector = ImportCollector(.wallabag)
        for (index, object) in entries.enumerated() {
            let place = ImportPlace.entry(index + 1)
            var entry = NetscapeEntry(url: ImportJSON.text(object["url"]), title: ImportedText.plain(ImportJSON.text(object["title"])))
            var tags = ImportJSON.tags(object["tags"])
            if ImportJSON.flag(object["is_starred"]) { tags = ImportedTags.clean(tags + ["starred"]) }
            entry.tags = tags
            entry.archived = ImportJSON.flag(object["is_archived"])
            entry.unread = !entry.archived
            entry.dateAdded = collector.date(json: object["created_at"], field: "created_at", at: place)
            entry.dateModified = collector.date(json: object["updated_at"], field: "updated_at", at: place)
            ImportedNotes.add(collector.annotations(json: object["annotations"], at: place), to: &entry)
            collector.add(entry, at: place)
        }
        return collector
    }
}
