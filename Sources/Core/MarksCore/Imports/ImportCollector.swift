import Foundation

/// The entries of a file in another service's format, gathered as its reader finds them: each entry's address
/// checked (a missing one, one longer than linkding keeps, or one that is not http(s) is skipped and reported), an
/// address that repeats an earlier entry merged into it (tags joined, notes and highlights kept, read or archived in either copy
/// wins, the earlier date), unreadable dates reported, and each entry's place kept for the report.
struct ImportCollector {
    let format: ImportFormat
    private(set) var entries: [NetscapeEntry] = []
    private(set) var places: [ImportPlace] = []
    private(set) var problems: [(place: ImportPlace?, message: String)] = []
    /// Entries skipped (see `add`, `skip`).
    private(set) var skipped = 0
    private var byURL: [String: Int] = [:]

    init(_ format: ImportFormat) {
        self.format = format
    }

    /// Adds `entry`, found at `place` (see above); `quietly` merges a repeat without a word (a file that repeats an
    /// entry by design, once per highlight).
    mutating func add(_ entry: NetscapeEntry, at place: ImportPlace, quietly: Bool = false) {
        var entry = entry
        entry.url = entry.url.importTrimmed
        let label = entry.title.isEmpty ? "" : " “\(entry.title.prefix(60))”"
        guard !entry.url.isEmpty else {
            return skip(place, "Skipped a bookmark\(label) without an address.")
        }
        if let problem = NetscapeParser.addressProblem(entry.url, label: label) {
            return skip(place, problem)
        }
        let key = URLNormalizer.normalize(entry.url)
        if let earlier = byURL[key] {
            merge(entry, into: earlier)
            if quietly { return }
            return problem(place, "Merged into the entry at \(places[earlier]): the same address \(entry.url.prefix(80)).")
        }
        byURL[key] = entries.count
        entries.append(entry)
        places.append(place)
    }

    /// Skips `count` entries, reported once at `place`.
    mutating func skip(_ place: ImportPlace?, _ message: String, count: Int = 1) {
        skipped += count
        problem(place, message)
    }

    /// Reports a problem at `place`.
    mutating func problem(_ place: ImportPlace?, _ message: String) {
        problems.append((place, message))
    }

    /// The date `raw` writes (`ImportDates`); an unreadable one is reported and the entry keeps no date.
    mutating func date(_ raw: String, field: String, at place: ImportPlace) -> Date? {
        guard !raw.importTrimmed.isEmpty else { return nil }
        if let date = ImportDates.parse(raw) { return date }
        problem(place, "The \(field) “\(raw.prefix(40))” is not a date Marks can read; the bookmark is kept without it.")
        return nil
    }

    /// The date a JSON value holds: a number is Unix time, a string as `date(_:field:at:)`.
    mutating func date(json value: Any?, field: String, at place: ImportPlace) -> Date? {
        if let number = ImportJSON.number(value) {
            if let date = ImportDates.unixTime(number) { return date }
            problem(place, "The \(field) \(number) is not a date Marks can read; the bookmark is kept without it.")
            return nil
        }
        return ImportJSON.string(value).flatMap { date($0, field: field, at: place) }
    }

    /// The annotations of a JSON list of highlight objects: the quote from `quote` (or `text` when there is no
    /// `quote`), the note from `annotation`, `note`, `comment` (or `text` beside a `quote`), the date from `createdAt`,
    /// `created_at` or `highlightedAt`. A list of strings is a list of quotes.
    mutating func annotations(json value: Any?, at place: ImportPlace) -> [(quote: String, note: String, date: Date?)] {
        guard let list = value as? [Any] else { return [] }
        return list.compactMap { item -> (quote: String, note: String, date: Date?)? in
            if let quote = item as? String { return (quote, "", nil) }
            guard let object = item as? [String: Any] else { return nil }
            let hasQuote = object["quote"] != nil
            let quote = ImportJSON.text(hasQuote ? object["quote"] : object["text"])
            var note = ImportJSON.text(object["annotation"] ?? object["note"] ?? object["comment"])
            if note.isEmpty && hasQuote { note = ImportJSON.text(object["text"]) }
            let date = date(json: object["createdAt"] ?? object["created_at"] ?? object["highlightedAt"], field: "highlight date", at: place)
            return (quote, note, date)
        }
    }

    private mutating func merge(_ entry: NetscapeEntry, into index: Int) {
        var kept = entries[index]
        if kept.title.isEmpty { kept.title = entry.title }
        if kept.description.isEmpty { kept.description = entry.description }
        if !entry.notes.isEmpty && !kept.notes.contains(entry.notes) {
            kept.notes = kept.notes.isEmpty ? entry.notes : kept.notes + "\n\n" + entry.notes
        }
        for highlight in entry.highlights where !kept.highlights.contains(where: { $0.quote == highlight.quote && $0.note == highlight.note }) {
            kept.highlights.append(highlight)
        }
        let known = Set(kept.tags.map { $0.lowercased() })
        kept.tags += entry.tags.filter { !known.contains($0.lowercased()) }
        kept.archived = kept.archived || entry.archived
        kept.unread = kept.unread && entry.unread
        if let date = entry.dateAdded, kept.dateAdded.map({ date < $0 }) ?? true { kept.dateAdded = date }
        if let date = entry.dateModified, kept.dateModified.map({ date > $0 }) ?? true { kept.dateModified = date }
        entries[index] = kept
    }
}
