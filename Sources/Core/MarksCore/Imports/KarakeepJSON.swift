import Foundation

/// Karakeep's (formerly Hoarder's) JSON export (Settings → Import/Export → Export): `{"bookmarks": [...], "lists":
/// [...]}`. A bookmark has `createdAt` (Unix seconds), `title`, `tags` (names), `content` (`{"type": "link", "url"}`,
/// or a text or asset bookmark, which has no address and is skipped), `note`, `archived` and `favourited`. A list
/// (`name`, and its bookmarks' `id`s as `bookmarks` or `bookmarkIds`; or a bookmark's own `lists`) becomes a tag;
/// favourites get the tag `starred`. Highlights, where an export carries them (`highlights`: `text`, `note`,
/// `createdAt`), become highlights.
enum KarakeepJSON {
    static func parse(_ text: String) throws(ImportFormatError) -> ImportCollector {
        guard let root = try ImportJSON.parse(text, as: .karakeep) as? [String: Any] else {
            throw .notThisFormat(.karakeep, "it is not a JSON object with bookmarks")
        }
        let bookmarks = try ImportJSON.objects(root["bookmarks"], format: .karakeep, what: "bookmarks")
        var listsByBookmark: [String: [String]] = [:]
        for list in (root["lists"] as? [Any] ?? []).compactMap({ $0 as? [String: Any] }) {
            let name = ImportJSON.text(list["name"])
            guard !name.isEmpty else { continue }
            for id in (list["bookmarks"] as? [Any] ?? list["bookmarkIds"] as? [Any] ?? []).compactMap(ImportJSON.string) {
                listsByBookmark[id, default: []].append(name)
            }
        }
        var collector = ImportCollector(.karakeep)
        for (index, object) in bookmarks.enumerated() {
            let place = ImportPlace.entry(index + 1)
            let content = object["content"] as? [String: Any] ?? [:]
            let type = ImportJSON.text(content["type"])
            let title = ImportedText.plain(ImportJSON.text(object["title"]))
            guard type == "link" || (type.isEmpty && content["url"] != nil) else {
                let label = title.isEmpty ? "" : " “\(title.prefix(60))”"
                collector.skip(place, "Skipped a \(type.isEmpty ? "bookmark" : type + " bookmark")\(label): it has no web address.")
                continue
            }
            var entry = NetscapeEntry(url: ImportJSON.text(content["url"]), title: title)
            var tags = ImportJSON.tags(object["tags"]) + (object["lists"] as? [Any] ?? []).compactMap {
                ImportJSON.string($0) ?? ImportJSON.string(($0 as? [String: Any])?["name"])
            }
            if let id = ImportJSON.string(object["id"]) { tags += listsByBookmark[id] ?? [] }
            if ImportJSON.flag(object["favourited"]) { tags.append("starred") }
            entry.tags = ImportedTags.clean(tags)
            entry.notes = ImportJSON.text(object["note"])
            entry.description = ImportedText.plain(ImportJSON.text(content["description"]))
            entry.archived = ImportJSON.flag(object["archived"])
            entry.unread = !entry.archived
            entry.dateAdded = collector.date(json: object["createdAt"], field: "createdAt", at: place)
            ImportedNotes.add(collector.annotations(json: object["highlights"], at: place), to: &entry)
            collector.add(entry, at: place)
        }
        return collector
    }
}
