import Foundation

/// Readwise Reader's CSV export (Preferences → Export library): `Title,URL,ID,Document tags,Saved date,Reading
/// progress,Location,Seen`. `Document tags` is a list (`['a', 'b']`); `Saved date` is `2024-03-01 10:20:30+00:00`;
/// `Location` is `new`, `later`, `shortlist`, `archive` (archived) or `feed` — items Reader listed from a feed, never
/// saved by the person, which are skipped (one line in the report says how many). Reading progress 1 (or 100%) is read.
/// A file with a `Highlight` column (with `Note` and `Highlighted at`: a row per highlight, the document's repeated)
/// brings highlights.
enum ReadwiseCSV {
    static func parse(_ text: String) throws(ImportFormatError) -> ImportCollector {
        var feedItems = 0
        var firstFeedLine = 0
        var collector = try CSVTable.read(text, as: .readwise, required: ["url", "title"],
                                           anyOf: ["location", "document tags", "saved date", "highlight"]) { row, collector in
            let location = row["location"].lowercased()
            if location == "feed" {
                if feedItems == 0 { firstFeedLine = row.line }
                feedItems += 1
                return
            }
            var entry = NetscapeEntry(url: row["url"], title: ImportedText.plain(row["title"]))
            entry.tags = ImportedTags.split(row["document tags"], on: ",")
            entry.dateAdded = collector.date(row["saved date"], field: "Saved date", at: row.place)
            entry.archived = location == "archive"
            let progress = row["reading progress"].replacingOccurrences(of: "%", with: "")
            let finished = Double(progress).map { row["reading progress"].hasSuffix("%") ? $0 >= 100 : $0 >= 1 } ?? false
            entry.unread = !entry.archived && !finished
            let highlighted = collector.date(row["highlighted at"], field: "Highlighted at", at: row.place)
            ImportedNotes.add([(row["highlight"], row["note"], highlighted)], to: &entry)
            // A highlights export repeats a document's row for each of its highlights: joined without a word.
            collector.add(entry, at: row.place, quietly: row.columns["highlight"] != nil)
        }
        if feedItems > 0 {
            collector.skip(.line(firstFeedLine), "Skipped \(feedItems) feed items (Location “feed”): Reader listed them from your feeds, you never saved them.", count: feedItems)
        }
        return collector
    }
}
