import Foundation

/// Pocket's older HTML export (`ril_export.html`): an `<h1>Unread</h1>` and an `<h1>Read Archive</h1>`, each followed
/// by a `<ul>` of `<li><a href="…" time_added="…" tags="a,b">title</a></li>`. Items under Read Archive are archived
/// and read. Read with the Netscape file's scanner (the same tolerant tokenizer, with lines).
enum PocketHTML {
    static func parse(_ text: String) throws(ImportFormatError) -> ImportCollector {
        var scanner = NetscapeScanner(text)
        var collector = ImportCollector(.pocketHTML)
        var heading: [UInt8]?
        var archive = false
        var anchor: (line: Int, attributes: [NetscapeScanner.Attribute], title: [UInt8])?
        var sawItem = false

        func finish(_ collector: inout ImportCollector) {
            guard let pending = anchor else { return }
            anchor = nil
            func attribute(_ name: String) -> String {
                pending.attributes.first { $0.name == name }.map { HTMLEntities.decode($0.value) } ?? ""
            }
            let place = ImportPlace.line(pending.line)
            var entry = NetscapeEntry(url: attribute("href"), title: ImportedText.plain(HTMLEntities.decode(pending.title)))
            entry.tags = ImportedTags.split(attribute("tags"), on: ",")
            entry.dateAdded = collector.date(attribute("time_added"), field: "time_added", at: place)
            entry.archived = archive
            entry.unread = !archive
            collector.add(entry, at: place)
        }

        while let token = scanner.next() {
            switch token {
            case .start(let name, let attributes, let line):
                if name == "A" {
                    finish(&collector)
                    anchor = (line, attributes, [])
                    sawItem = true
                } else if name == "H1" || name == "H2" {
                    finish(&collector)
                    heading = []
                } else if name == "LI" || name == "UL" {
                    finish(&collector)
                }
            case .end(let name):
                if name == "A" {
                    finish(&collector)
                } else if name == "H1" || name == "H2", let text = heading {
                    archive = String(decoding: text, as: UTF8.self).lowercased().contains("archive")
                    heading = nil
                }
            case .text(let bytes):
                if anchor != nil {
                    anchor?.title += bytes
                } else if heading != nil {
                    heading? += bytes
                }
            case .doctype:
                break
            }
        }
        finish(&collector)
        guard sawItem || text.lowercased().contains("pocket export") else {
            throw .notThisFormat(.pocketHTML, "it has no <a href=…> links")
        }
        return collector
    }
}
