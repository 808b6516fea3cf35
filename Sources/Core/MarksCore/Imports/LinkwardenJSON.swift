import Foundation

/// Linkwarden's JSON export (Settings → Data → Export): the account as an object whose `collections` each have a
/// `name` and `links` (`name` the title, `url`, `description`, `tags` as objects with `name`, `createdAt` ISO 8601).
/// A collection becomes a tag (but the default `Unorganized`); links without a URL (uploaded files) are skipped. A link's `highlights`, where present (`text`,
/// `comment`, `createdAt`), become highlights.
enum LinkwardenJSON {
    static func parse(_ text: String) throws(ImportFormatError) -> ImportCollector {
        guard let root = try ImportJSON.parse(text, as: .linkwarden) as? [String: Any] else {
            throw .notThisFormat(.linkwarden, "it is not a JSON object with collections")
        }
        let collections = try ImportJSON.objects(root["collections"], format: .linkwarden, what: "collections")
        var collector = ImportCollector(.linkwarden)
        var number = 0
        for collection in collections {
            let name = ImportJSON.text(collection["name"])
            let collectionTags = name.isEmpty || name.lowercased() == "unorganized" ? [] : [name]
            for object in (collection["links"] as? [Any] ?? []).compactMap({ $0 as? [String: Any] }) {
                number += 1
                let place = ImportPlace.entry(number)
                var entry = NetscapeEntry(url: ImportJSON.text(object["url"]), title: ImportedText.plain(ImportJSON.text(object["name"])))
                entry.description = ImportJSON.text(object["description"])
                entry.tags = ImportedTags.clean(ImportJSON.tags(object["tags"]) + collectionTags)
                entry.dateAdded = collector.date(json: object["createdAt"], field: "createdAt", at: place)
                ImportedNotes.add(collector.annotations(json: object["highlights"], at: place), to: &entry)
                collector.add(entry, at: place)
            }
        }
        return collector
    }
}
