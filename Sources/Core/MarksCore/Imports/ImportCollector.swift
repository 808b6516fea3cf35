import Foundation

/// The entries of a file in another service's format, gathered as its reader finds them: each entry's address
/// checked (a missing one, one longer than linkding keeps, or one that is not http(s) is skipped and reported), an
/// address that repeats an earlier entry merged into it (tags joined, notes kept, read or archived in either copy
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

    /// Adds `entry`, found at `place` (see above).
    mutating func add(_ entry: NetscapeEntry, at place: ImportPlace) {
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

    private mutating func merge(_ entry: NetscapeEntry, into index: Int) {
        var kept = entries[index]
        if kept.title.isEmpty { kept.title = entry.title }
        if kept.description.isEmpty { kept.description = entry.description }
        if !entry.notes.isEmpty && !kept.notes.contains(entry.notes) {
            kept.notes = kept.notes.isEmpty ? entry.notes : kept.notes + "\n\n" + entry.notes
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
