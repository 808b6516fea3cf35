import MarksCore

/// A bookmark file (any `ImportFormat`) read for an import, part by part: each entry fitted to linkding's limits (`ImportFit`) and handed
/// on, and what the report needs — the problems the file and the fitting gave, placed by line, and the line of each
/// entry for the problems the import itself finds.
struct ImportFileReading: Sendable {
    /// The entries read.
    private(set) var count = 0
    /// The reader's problems (skipped entries and unreadable dates) and one per trim, by line.
    private(set) var problems: [ImportReport.Problem] = []
    /// Entries the reader skipped (no usable address).
    private(set) var skipped = 0
    /// Entries with at least one trim.
    private(set) var trimmed = 0
    private var entryLines: [Int]?
    /// Where each entry was found, for a file in another service's format (a JSON entry has a number, not a line).
    private var entryPlaces: [ImportPlace]?
    /// The highlights the entries carried, by the entry's address, when they are kept apart (`keepingHighlights`).
    private(set) var highlights: [(url: String, highlights: [ImportedHighlight])] = []

    /// How many highlights `highlights` holds.
    var highlightCount: Int { highlights.reduce(0) { $0 + $1.highlights.count } }

    /// How many entries go on at a time: small enough that the store starts at once, large enough that handing
    /// over costs nothing next to the entries' work.
    static let partSize = 2_000

    /// Reads `text` as `format`, handing each part's fitted entries to `send`; stops with `CancellationError` when
    /// `send` returns false (whoever took them has given up), with `ImportFormatError` before the first part for a
    /// file that is not in (or is a broken) `format`, with `NetscapeError.notABookmarkFile` at the end for text that
    /// is not a Netscape bookmark file. An entry's highlights are taken apart into `highlights` when
    /// `keepingHighlights`, else added to its notes as text.
    static func read(_ text: String, format: ImportFormat = .netscape, foldersAsTags: Bool, keepingHighlights: Bool = false,
                     send: ([NetscapeEntry]) -> Bool) throws -> ImportFileReading {
        var reader = try BookmarkFileReader(text, format: format, foldersAsTags: foldersAsTags)
        var reading = ImportFileReading()
        var trims: [(index: Int, url: String, messages: [String])] = []
        while true {
            let part = reader.next(partSize)
            guard !part.isEmpty else { break }
            var entries: [NetscapeEntry] = []
            entries.reserveCapacity(part.count)
            for var original in part {
                if !original.highlights.isEmpty {
                    if keepingHighlights {
                        reading.highlights.append((original.url, original.highlights))
                    } else {
                        original.notes = ImportedHighlight.notes(original.highlights, after: original.notes)
                    }
                    original.highlights = []
                }
                let fit = ImportFit(original)
                if !fit.trims.isEmpty { trims.append((reading.count, fit.entry.url, fit.trims)) }
                entries.append(fit.entry)
                reading.count += 1
            }
            guard send(entries) else { throw CancellationError() }
        }
        let found = try reader.finish()
        reading.trimmed = trims.count
        if let places = reader.entryPlaces {
            reading.entryPlaces = places
            reading.skipped = reader.skipped
        } else {
            let skippedLines = found.filter { $0.message.hasPrefix("Skipped") }.compactMap { problem -> Int? in
                guard case .line(let line) = problem.place else { return nil }
                return line
            }
            reading.skipped = skippedLines.count
            reading.entryLines = NetscapeAnchorLines.entryLines(in: text, entryCount: reading.count, skippedLines: skippedLines)
        }
        reading.problems = found.map { Self.problem(at: $0.place, url: nil, message: $0.message) }
        for trim in trims {
            reading.problems += trim.messages.map { reading.problem(ofEntry: trim.index, url: trim.url, message: $0) }
        }
        return reading
    }

    /// Entries already read (a Marks export), fitted and handed on part by part as `read` hands a file's; the
    /// problems (one per trim) carry the entry's URL instead of a line.
    static func fitting(_ entries: [NetscapeEntry], send: ([NetscapeEntry]) -> Bool) throws -> ImportFileReading {
        var reading = ImportFileReading()
        for start in stride(from: 0, to: entries.count, by: partSize) {
            var part: [NetscapeEntry] = []
            part.reserveCapacity(min(partSize, entries.count - start))
            for original in entries[start..<min(start + partSize, entries.count)] {
                let fit = ImportFit(original)
                if !fit.trims.isEmpty {
                    reading.trimmed += 1
                    reading.problems += fit.trims.map { ImportReport.Problem(line: nil, url: fit.entry.url, message: $0) }
                }
                part.append(fit.entry)
                reading.count += 1
            }
            guard send(part) else { throw CancellationError() }
        }
        return reading
    }

    /// A problem of the entry `index`, placed at its line (or, for a JSON entry, named by its number).
    func problem(ofEntry index: Int, url: String?, message: String) -> ImportReport.Problem {
        if let places = entryPlaces {
            return Self.problem(at: places.indices.contains(index) ? places[index] : nil, url: url, message: message)
        }
        return ImportReport.Problem(line: line(ofEntry: index), url: url, message: message)
    }

    private static func problem(at place: ImportPlace?, url: String?, message: String) -> ImportReport.Problem {
        switch place {
        case .line(let line): ImportReport.Problem(line: line, url: url, message: message)
        case .entry(let number): ImportReport.Problem(line: nil, url: url, message: "Entry \(number): " + message)
        case nil: ImportReport.Problem(line: nil, url: url, message: message)
        }
    }

    /// Reads all of `text` at once (an import through a server's API, which needs every entry before it starts).
    static func readAll(_ text: String, format: ImportFormat = .netscape, foldersAsTags: Bool, keepingHighlights: Bool = false) throws
        -> (entries: [NetscapeEntry], reading: ImportFileReading) {
        var entries: [NetscapeEntry] = []
        let reading = try read(text, format: format, foldersAsTags: foldersAsTags, keepingHighlights: keepingHighlights) { part in
            entries += part
            return true
        }
        return (entries, reading)
    }

    /// The line of the `index`th entry, when the file's anchors could be matched to its entries.
    func line(ofEntry index: Int) -> Int? {
        entryLines.flatMap { $0.indices.contains(index) ? $0[index] : nil }
    }
}
