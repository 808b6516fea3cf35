import Foundation
import MarksCore
import MarksStorage
import MarksTestSupport
import Testing
@testable import MarksBookmarks

/// Every reader of another service's export fed what goes wrong in real files, through the one importer into the
/// embedded store (one transaction): a file cut short, a format forced that the file is not, tens of megabytes, the
/// same address twice, every date form the service writes, HTML in titles, addresses that are not web pages. Errors
/// name the line (CSV) or entry (JSON); a file that cannot be read writes nothing.
@Suite struct ImportHostileFilesTests {
    /// One entry as a service writes it: `date` is the raw text of its date field (for JSON, a JSON literal).
    struct Row {
        var url: String
        var title: String
        var date: String
    }

    static let csvFormats: [ImportFormat] = [.pocketCSV, .instapaper, .readwise]
    static let jsonFormats: [ImportFormat] = [.wallabag, .omnivore, .karakeep, .linkwarden]
    static let formats = csvFormats + jsonFormats + [.pocketHTML]

    /// `rows` written in `format`'s layout (the columns and keys its export has).
    static func file(_ format: ImportFormat, _ rows: [Row]) -> String {
        func csv(_ field: String) -> String {
            guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
            return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        func json(_ text: String) -> String {
            String(decoding: try! JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes]), as: UTF8.self)  // safe: a string always encodes
        }
        switch format {
        case .pocketCSV:
            return "title,url,time_added,tags,status\n" + rows.map { "\(csv($0.title)),\(csv($0.url)),\($0.date),,unread\n" }.joined()
        case .instapaper:
            return "URL,Title,Selection,Folder,Timestamp\n" + rows.map { "\(csv($0.url)),\(csv($0.title)),,Unread,\($0.date)\n" }.joined()
        case .readwise:
            return "Title,URL,ID,Document tags,Saved date,Reading progress,Location,Seen\n"
                + rows.enumerated().map { "\(csv($1.title)),\(csv($1.url)),id\($0),[],\(csv($1.date)),0,later,False\n" }.joined()
        case .wallabag:
            return "[" + rows.enumerated().map { "{\"id\": \($0), \"url\": \(json($1.url)), \"title\": \(json($1.title)), \"is_archived\": 0, \"is_starred\": 0, \"created_at\": \($1.date)}" }
                .joined(separator: ",\n") + "]"
        case .omnivore:
            return "[" + rows.enumerated().map { "{\"id\": \"o\($0)\", \"url\": \(json($1.url)), \"title\": \(json($1.title)), \"state\": \"Succeeded\", \"savedAt\": \($1.date)}" }
                .joined(separator: ",\n") + "]"
        case .karakeep:
            return "{\"bookmarks\": [" + rows.enumerated().map { "{\"id\": \"k\($0)\", \"createdAt\": \($1.date), \"title\": \(json($1.title)), \"content\": {\"type\": \"link\", \"url\": \(json($1.url))}}" }
                .joined(separator: ",\n") + "], \"lists\": []}"
        case .linkwarden:
            return "{\"collections\": [{\"name\": \"C\", \"links\": [" + rows.map { "{\"name\": \(json($0.title)), \"url\": \(json($0.url)), \"createdAt\": \($0.date)}" }
                .joined(separator: ",\n") + "]}]}"
        case .pocketHTML:
            func attribute(_ text: String) -> String { text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;") }
            return "<!DOCTYPE html>\n<html><head><title>Pocket Export</title></head><body>\n<h1>Unread</h1>\n<ul>\n"
                + rows.map { "<li><a href=\"\(attribute($0.url))\" time_added=\"\($0.date)\" tags=\"\">\($0.title)</a></li>\n" }.joined()
                + "</ul>\n</body></html>\n"
        case .netscape:
            return ""
        }
    }

    /// A date each format writes for 2024-03-01T10:20:30Z.
    static func date(_ format: ImportFormat) -> String {
        switch format {
        case .pocketCSV, .instapaper, .pocketHTML: "1709288430"
        case .readwise: "2024-03-01 10:20:30+00:00"
        case .karakeep: "1709288430"
        default: "\"2024-03-01T10:20:30Z\""
        }
    }

    static func rows(_ format: ImportFormat, _ pairs: [(String, String)]) -> [Row] {
        pairs.map { Row(url: $0.0, title: $0.1, date: date(format)) }
    }

    /// Where an entry is, as the report words it: "line N" in a CSV or HTML file, "Entry N" in a JSON one.
    static func place(_ format: ImportFormat, entry: Int) -> String {
        if jsonFormats.contains(format) { return "Entry \(entry): " }
        return format == .pocketHTML ? "" : "line \(entry + 1)"
    }

    // MARK: - Cut short

    @Test(arguments: csvFormats)
    func aCSVCutMidRowChangesNothingAndNamesTheLine(_ format: ImportFormat) async throws {
        let f = try LibraryFixture(.embedded)
        _ = try f.add("https://example.com/kept", title: "Kept")
        let whole = Self.file(format, Self.rows(format, [("https://example.com/a", "A"), ("https://example.com/b", "B, quoted")]))
        // Cut in the middle of the last row's address (no quote open: only the row's missing fields tell).
        let cut = String(whole[..<whole.range(of: "example.com/b")!.lowerBound]) + "exam"
        await #expect(throws: ImportFormatError.broken(format, place: .line(3), "its last row is cut short (it ends without a line break, with fewer fields than the header)")) {
            _ = try await f.library.importFile(cut, format: format)
        }
        // Cut inside a quoted field.
        let quoted = String(whole[..<whole.range(of: "\"B")!.upperBound])
        await #expect(throws: ImportFormatError.broken(format, place: .line(3), "a quoted field opened here is never closed")) {
            _ = try await f.library.importFile(quoted, format: format)
        }
        #expect(try f.serverBookmarks().values.map(\.url) == ["https://example.com/kept"])
    }

    @Test(arguments: jsonFormats)
    func jsonCutMidObjectChangesNothing(_ format: ImportFormat) async throws {
        let f = try LibraryFixture(.embedded)
        _ = try f.add("https://example.com/kept", title: "Kept")
        let whole = Self.file(format, Self.rows(format, [("https://example.com/a", "A"), ("https://example.com/b", "B")]))
        let cut = String(whole[..<whole.range(of: "example.com/b")!.lowerBound])
        await #expect(throws: ImportFormatError.self) { _ = try await f.library.importFile(cut, format: format) }
        do {
            _ = try await f.library.importFile(cut, format: format)
        } catch let error as ImportFormatError {
            #expect(error.message.contains("is broken at entry 2: it is not valid JSON") && error.message.contains("the entry that begins at line 2 is never closed"),
                    "the entry cut short is named: \(error.message)")
        }
        #expect(try f.serverBookmarks().values.map(\.url) == ["https://example.com/kept"])
    }

    // MARK: - The wrong format forced

    @Test(arguments: ImportSamples.all.map(\.name))
    func everyOtherFormatForcedOnASampleChangesNothingAndSaysWhy(_ name: String) async throws {
        let f = try LibraryFixture(.embedded)
        let sample = try #require(ImportSamples.all.first { $0.name == name })
        for format in ImportFormat.allCases where format.rawValue != name {
            do {
                let report = try await f.library.importFile(sample.text, format: format)
                Issue.record("\(name) read as \(format.rawValue) imported \(report.created) bookmarks")
            } catch let error as ImportFormatError {
                #expect(error.message.hasPrefix("This is not a \(format.title)") || error.message.hasPrefix("The \(format.title) is broken"),
                        "\(name) as \(format.rawValue): \(error.message)")
            } catch let error as NetscapeError {
                #expect(error == .notABookmarkFile && format == .netscape, "\(name) as \(format.rawValue): \(error)")
            }
        }
        #expect(try f.serverBookmarks().isEmpty)
    }

    // MARK: - Same address twice, dates, HTML, addresses

    @Test(arguments: formats)
    func theSameAddressTwiceIsMergedAndReported(_ format: ImportFormat) async throws {
        let f = try LibraryFixture(.embedded)
        let text = Self.file(format, Self.rows(format, [("https://example.com/same", "First"), ("https://example.com/other", "Other"),
                                                         ("https://EXAMPLE.com/same", "Second")]))
        let report = try await f.library.importFile(text, format: format)
        #expect(report.created == 2 && report.skipped == 0, "\(report)")
        let merged = report.problems.filter { $0.message.contains("Merged into the entry at") }
        #expect(merged.count == 1, "\(report.problems)")
        if Self.jsonFormats.contains(format) {
            #expect(merged.first?.message.hasPrefix("Entry 3: Merged into the entry at entry 1") == true, "\(merged)")
        } else if format == .pocketHTML {
            #expect(merged.first?.line != nil && merged.first?.message.contains("at line") == true, "\(merged)")
        } else {
            #expect(merged.first?.line == 4 && merged.first?.message.contains("at line 2") == true, "\(merged)")
        }
        #expect(try f.serverBookmarks().values.first { $0.url == "https://example.com/same" }?.title == "First")
    }

    /// Every form of date each service writes, and the instant it means.
    static let dates: [(ImportFormat, String, Double)] = [
        (.pocketCSV, "1709288430", 1_709_288_430), (.pocketHTML, "1709288430", 1_709_288_430),
        (.instapaper, "1709288430", 1_709_288_430),
        (.readwise, "2024-03-01 10:20:30+00:00", 1_709_288_430), (.readwise, "2024-03-01T10:20:30Z", 1_709_288_430),
        (.readwise, "2024-03-01T10:20:30", 1_709_288_430), (.readwise, "2024-03-01T11:20:30+01:00", 1_709_288_430),
        (.readwise, "2024-03-01T10:20:30.250000+00:00", 1_709_288_430.25),
        (.wallabag, "\"2024-03-01T12:20:30+0200\"", 1_709_288_430), (.wallabag, "\"2024-03-01T10:20:30+00:00\"", 1_709_288_430),
        (.omnivore, "\"2024-03-01T10:20:30.123Z\"", 1_709_288_430.123), (.omnivore, "\"2024-03-01T10:20:30Z\"", 1_709_288_430),
        (.karakeep, "1709288430", 1_709_288_430), (.karakeep, "1709288430123", 1_709_288_430.123),
        (.karakeep, "\"2024-03-01T10:20:30.123Z\"", 1_709_288_430.123),
        (.linkwarden, "\"2024-03-01T10:20:30.000Z\"", 1_709_288_430), (.linkwarden, "\"2024-03-01T10:20:30Z\"", 1_709_288_430),
    ]

    @Test(arguments: dates)
    func everyDateFormTheServiceWritesIsRead(_ format: ImportFormat, _ raw: String, _ expected: Double) async throws {
        let f = try LibraryFixture(.embedded)
        let report = try await f.library.importFile(Self.file(format, [Row(url: "https://example.com/dated", title: "Dated", date: raw)]), format: format)
        #expect(report.created == 1 && report.problems.isEmpty, "\(report.problems)")
        let stored = try #require(f.serverBookmarks().values.first)
        #expect(abs(stored.dateAdded.timeIntervalSince1970 - expected) < 0.001, "\(raw): \(stored.dateAdded.timeIntervalSince1970)")
    }

    @Test(arguments: formats)
    func htmlInATitleIsStoredAsPlainText(_ format: ImportFormat) async throws {
        let f = try LibraryFixture(.embedded)
        let title = "<b>Bold</b> &amp; <i>italic</i> &#8216;quoted&#8217;  <br/>here &lt;3"
        let report = try await f.library.importFile(Self.file(format, Self.rows(format, [("https://example.com/html", title)])), format: format)
        #expect(report.created == 1)
        let stored = try #require(f.serverBookmarks().values.first)
        #expect(stored.title == "Bold & italic ‘quoted’ here <3", "\(stored.title.debugDescription)")
    }

    @Test(arguments: formats)
    func addressesThatAreNotWebPagesAreSkippedAndReportedWhereTheyAre(_ format: ImportFormat) async throws {
        let f = try LibraryFixture(.embedded)
        let hostile = ["javascript:alert(1)", "file:///etc/passwd", "mailto:someone@example.com", "data:text/html,<script>x</script>"]
        let text = Self.file(format, Self.rows(format, [("https://example.com/web", "Web")] + hostile.map { ($0, "Hostile") }))
        let report = try await f.library.importFile(text, format: format)
        #expect(report.created == 1 && report.skipped == 4, "\(report)")
        #expect(try f.serverBookmarks().values.map(\.url) == ["https://example.com/web"])
        let skipped = report.problems.filter { $0.message.contains("Skipped") }
        #expect(skipped.count == 4, "\(report.problems)")
        for (index, address) in hostile.enumerated() {
            let problem = skipped.first { $0.message.contains(String(address.prefix(12))) }
            #expect(problem != nil, "\(address) is named: \(skipped)")
            if Self.jsonFormats.contains(format) {
                #expect(problem?.message.hasPrefix("Entry \(index + 2): ") == true, "\(String(describing: problem))")
            } else if format != .pocketHTML {
                #expect(problem?.line == index + 3, "\(String(describing: problem))")
            } else {
                #expect(problem?.line != nil, "\(String(describing: problem))")
            }
        }
    }

    // MARK: - Tens of megabytes

    /// ~50 MB of Wallabag entries (each with its article's HTML, as the export carries it) and ~50 MB of Pocket rows,
    /// imported by the real `marks import` in a process of its own (so its peak memory is its own, not the tests'
    /// running beside it, read by `/usr/bin/time`): everything imported in one transaction, memory bounded.
    @Test(arguments: [ImportFormat.wallabag, .pocketCSV])
    func fiftyMegabytesImportWithMemoryBounded(_ format: ImportFormat) async throws {
        let binary = try MarksBinary()
        defer { binary.cleanUp() }
        var text = ""
        var count = 0
        text.reserveCapacity(52_000_000)
        if format == .wallabag {
            let content = String(repeating: "<p>Some words of the article, kept by Wallabag.</p>", count: 200)
            text += "["
            while text.utf8.count < 50_000_000 {
                if count > 0 { text += ",\n" }
                text += "{\"id\": \(count), \"url\": \"https://big.example/\(count)\", \"title\": \"Entry \(count)\", \"is_archived\": 0, \"is_starred\": 0, \"created_at\": \"2024-03-01T10:20:30+0200\", \"content\": \"\(content)\"}"
                count += 1
            }
            text += "]"
        } else {
            text += "title,url,time_added,tags,status\n"
            let padding = String(repeating: "x", count: 180)
            while text.utf8.count < 50_000_000 {
                text += "Entry \(count),https://big.example/\(count)?\(padding),1709288430,a|b,unread\n"
                count += 1
            }
        }
        let file = binary.home.appendingPathComponent("big-export")
        try Data(text.utf8).write(to: file)
        text = ""
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/time"),
                                             ["-f", "peak-kb %M", MarksBinary.executable.path, "import", file.path, "--json"],
                                             environment: binary.environment, currentDirectory: binary.home, stdin: nil, timeout: 900)
        #expect(run.status == 0, "\(run.stderr.suffix(2_000))")
        #expect(run.stdout.contains("\"created\":\(count),") && run.stdout.contains("\"skipped\":0"), "\(run.stdout.prefix(300))")
        let peak = try #require(run.stderr.split(separator: "\n").last { $0.hasPrefix("peak-kb ") }.flatMap { Int($0.dropFirst(8)) })
        // The file is parsed whole (a JSON export ~3x its size as Foundation values) and the store's import may use 256 MB
        // of page cache; the bound catches a copy per entry or a leak.
        #expect(peak < 1_000_000, "marks import of \(count) entries (50 MB) peaked at \(peak / 1024) MB")
        print("fifty megabytes of \(format.rawValue): \(count) entries, peak \(peak / 1024) MB")
    }
}
