import Foundation

/// Turns the scanner's tokens into entries: `<DT><A …>title</A>` plus an optional `<DD>` description,
/// folders from `<H3>` + `<DL>` nesting. Bad entries become problems by line; the rest are kept.
struct NetscapeParser {
    private(set) var entries: [NetscapeEntry] = []
    private(set) var problems: [(line: Int, message: String)] = []
    private(set) var looksLikeBookmarkFile = false
    /// The whole text is read (problems and `looksLikeBookmarkFile` are final).
    private(set) var isFinished = false

    private let foldersAsTags: Bool
    private var scanner: NetscapeScanner
    private var mode = Mode.outside
    private var current: Pending?
    private var folderText: [UInt8] = []
    private var folderIsSpecial = false
    private var nextFolder: String?
    private var folders: [String?] = []
    private var sawDT = false
    private var sawAnchor = false

    private enum Mode { case outside, title, description, folderName }

    private struct Pending {
        var line: Int
        var attributes: [NetscapeScanner.Attribute]
        var folders: [String]
        var title: [UInt8] = []
        var description: [UInt8]?

        func attribute(_ name: String) -> ArraySlice<UInt8>? {
            attributes.first { $0.name == name }?.value
        }
    }

    /// Tags that end a title or a description.
    private static let structural: Set<String> = ["A", "DT", "DD", "DL", "H1", "H2", "H3", "HR"]

    init(_ text: String, foldersAsTags: Bool) {
        scanner = NetscapeScanner(text)
        self.foldersAsTags = foldersAsTags
    }

    /// Reads to the end of the text.
    mutating func run() {
        run(untilEntries: .max)
    }

    /// Reads until `limit` entries wait in `entries` or the text ends (`isFinished`); `takeEntries` hands them on.
    mutating func run(untilEntries limit: Int) {
        guard !isFinished else { return }
        while entries.count < limit {
            guard let token = scanner.next() else { return finishText() }
            switch token {
            case .doctype:
                looksLikeBookmarkFile = true
            case .text(let bytes):
                switch mode {
                case .title: current?.title += bytes
                case .description: current?.description? += bytes
                case .folderName: folderText += bytes
                case .outside: break
                }
            case .start(let name, let attributes, let line):
                start(name, attributes: attributes, line: line)
            case .end(let name):
                end(name)
            }
        }
    }

    /// The entries read so far, which are then no longer held here.
    mutating func takeEntries() -> [NetscapeEntry] {
        defer { entries = [] }
        return entries
    }

    private mutating func finishText() {
        isFinished = true
        finishEntry()
        problems = (problems + scanner.problems).sorted { $0.line < $1.line }
        if sawDT && sawAnchor { looksLikeBookmarkFile = true }
    }

    private mutating func start(_ name: String, attributes: [NetscapeScanner.Attribute], line: Int) {
        if name == "BR", mode == .description { current?.description? += [0x0A] }
        guard Self.structural.contains(name) else { return }
        if name == "DD" {
            if mode != .description, current != nil, current?.description == nil {
                current?.description = []
                mode = .description
            } else if mode != .description {
                mode = .outside
            }
            return
        }
        finishEntry()
        mode = .outside
        switch name {
        case "A":
            sawAnchor = true
            nextFolder = nil  // an empty folder written without its <DL>
            current = Pending(line: line, attributes: attributes, folders: folders.compactMap { $0 })
            mode = .title
        case "DT":
            sawDT = true
            nextFolder = nil
        case "DL":
            folders.append(nextFolder)
            nextFolder = nil
        case "H3":
            folderText = []
            folderIsSpecial = attributes.contains { $0.name == "personal_toolbar_folder" || $0.name == "unfiled_bookmarks_folder" }
            mode = .folderName
        default:
            break
        }
    }

    private mutating func end(_ name: String) {
        switch name {
        case "A" where mode == .title:
            mode = .outside
        case "H3" where mode == .folderName:
            let folder = HTMLEntities.decode(Self.trimmed(folderText[...]))
            nextFolder = folderIsSpecial || folder.isEmpty ? nil : folder
            mode = .outside
        case "DL":
            finishEntry()
            mode = .outside
            if !folders.isEmpty { folders.removeLast() }
        default:
            break
        }
    }

    private mutating func finishEntry() {
        guard let pending = current else { return }
        current = nil
        let title = HTMLEntities.decode(Self.trimmed(pending.title[...]))
        let label = title.isEmpty ? "" : " “\(title.prefix(60))”"
        guard let href = pending.attribute("href").map({ HTMLEntities.decode(Self.trimmed($0)) }),
              !href.isEmpty else {
            problems.append((pending.line, "Skipped a bookmark\(label) without an address (HREF)."))
            return
        }
        if let problem = Self.addressProblem(href, label: label) {
            problems.append((pending.line, problem))
            return
        }
        var entry = NetscapeEntry(url: href, title: title)
        if let raw = pending.description {
            (entry.description, entry.notes) = Self.splitNotes(raw)
        }
        var names = pending.attribute("tags").map { TagNames.parse(HTMLEntities.decode($0)) } ?? []
        let markers: Set<String> = ["linkding:bookmarks.archived", "linkding:archived"]
        entry.archived = names.contains { markers.contains($0.lowercased()) }
        names.removeAll { markers.contains($0.lowercased()) }
        if foldersAsTags {
            var seen = Set(names.map { $0.lowercased() })
            for name in pending.folders.flatMap({ TagNames.parse($0) }) where seen.insert(name.lowercased()).inserted {
                names.append(name)
            }
        }
        entry.tags = names
        entry.dateAdded = date(pending, "add_date", label: label)
        entry.dateModified = date(pending, "last_modified", label: label)
        entry.unread = pending.attribute("toread").map { Array($0) == [UInt8(ascii: "1")] } ?? false
        entry.shared = pending.attribute("private").map { Array($0) == [UInt8(ascii: "0")] } ?? false
        entries.append(entry)
    }

    /// Why an entry's address is skipped — longer than linkding keeps, or not a web (http or https) address — or
    /// nil: every importer's check (`ImportCollector` too).
    static func addressProblem(_ url: String, label: String) -> String? {
        guard LinkdingLimits.length(url) <= LinkdingLimits.urlLength else {
            return "Skipped a bookmark\(label): its address is \(LinkdingLimits.length(url)) characters long; linkding keeps addresses of up to 2048 characters."
        }
        guard URLNormalizer.isValidWebURL(url, allowDotlessHosts: true) else {
            return "Skipped a bookmark\(label): “\(url.prefix(80))” is not a web address (http or https)."
        }
        return nil
    }

    /// A `<DD>` split into description and linkding's `[linkding-notes]…[/linkding-notes]`. The markers are
    /// found before entities are decoded, so an escaped marker inside the text stays text.
    private static func splitNotes(_ raw: [UInt8]) -> (String, String) {
        let text = trimmed(raw[...])
        guard let opening = firstRange(of: notesOpen, in: text) else { return (HTMLEntities.decode(text), "") }
        let description = HTMLEntities.decode(trimmed(text[..<opening.lowerBound]))
        let rest = text[opening.upperBound...]
        guard let closing = firstRange(of: notesClose, in: rest) else { return (description, HTMLEntities.decode(rest)) }
        return (description, HTMLEntities.decode(rest[..<closing.lowerBound]))
    }

    private static let notesOpen = Array("[linkding-notes]".utf8)
    private static let notesClose = Array("[/linkding-notes]".utf8)

    /// The first occurrence of `pattern` (which starts with a byte that does not repeat in it) in `bytes`.
    private static func firstRange(of pattern: [UInt8], in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var index = bytes.startIndex
        let last = bytes.endIndex - pattern.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                return index..<(index + pattern.count)
            }
            index += 1
        }
        return nil
    }

    /// The bytes without ASCII white space at either end.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C }
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return bytes[start..<end]
    }

    /// A Unix time read as linkding does: seconds, else milliseconds, else microseconds. An unreadable
    /// value is reported and the entry keeps no date.
    private mutating func date(_ pending: Pending, _ attribute: String, label: String) -> Date? {
        guard let raw = pending.attribute(attribute) else { return nil }
        let text = String(decoding: Self.trimmed(raw), as: UTF8.self)
        if text.isEmpty { return nil }
        if let value = Int64(text) {
            for divisor in [1.0, 1_000, 1_000_000] {
                let seconds = Double(value) / divisor
                if (-62_135_596_800...253_402_300_799).contains(seconds) { return Date(timeIntervalSince1970: seconds) }
            }
        }
        problems.append((pending.line, "The bookmark\(label) has an unreadable \(attribute.uppercased()) “\(text.prefix(40))”; it is kept without that date."))
        return nil
    }
}
