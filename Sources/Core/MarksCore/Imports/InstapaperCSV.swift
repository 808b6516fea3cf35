import Foundation

/// Instapaper's CSV export (Settings → Export): `URL,Title,Selection,Folder,Timestamp` (newer files add `Tags`).
/// `Folder` is `Unread`, `Archive` (archived and read), `Starred` or a folder of the person's: any other than
/// Unread and Archive becomes a tag. `Selection` — the text highlighted when the page was saved — becomes a
/// highlight (placed by its words when the page is read). `Timestamp` is Unix seconds.
enum InstapaperCSV {
    static func parse(_ text: String) throws(ImportFormatError) -> ImportCollector {
        try CSVTable.read(text, as: .instapaper, required: ["url", "title"], anyOf: ["selection", "folder", "timestamp"]) { row, collector in
            var entry = NetscapeEntry(url: row["url"], title: ImportedText.plain(row["title"]))
            var tags = ImportedTags.split(row["tags"], on: ",")
            let folder = row["folder"]
            switch folder.lowercased() {
            case "archive":
                entry.archived = true
            case "", "unread":
                entry.unread = true
            default:
                entry.unread = true
                tags += ImportedTags.clean([folder])
            }
            entry.tags = ImportedTags.clean(tags)
            entry.dateAdded = collector.date(row["timestamp"], field: "Timestamp", at: row.place)
            ImportedNotes.add([(row["selection"], "", entry.dateAdded)], to: &entry)
            collector.add(entry, at: row.place)
        }
    }
}
