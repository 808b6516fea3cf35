import Foundation

/// Pocket's CSV export (`part_000000.csv`, from 2024 on): `title,url,time_added,tags,status`, `time_added` in Unix
/// seconds, `tags` separated by `|`, `status` `unread` or `archive` (archived and read).
enum PocketCSV {
    static func parse(_ text: String) throws(ImportFormatError) -> ImportCollector {
        try CSVTable.read(text, as: .pocketCSV, required: ["url", "time_added"]) { row, collector in
            var entry = NetscapeEntry(url: row["url"], title: ImportedText.plain(row["title"]))
            entry.tags = ImportedTags.split(row["tags"], on: "|")
            entry.dateAdded = collector.date(row["time_added"], field: "time_added", at: row.place)
            let status = row["status"].lowercased()
            entry.archived = status == "archive" || status == "archived"
            entry.unread = !entry.archived
            collector.add(entry, at: row.place)
        }
    }
}
