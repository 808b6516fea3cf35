import Foundation
import MarksTestSupport
import Testing
@testable import MarksCore

/// The importers' readers: each service's sample read into entries, its format found from its content, and bad files
/// (cut short, another format forced) refused before anything is imported.
@Suite struct ImportFormatTests {
    static func read(_ text: String, _ format: ImportFormat) throws -> (entries: [NetscapeEntry], problems: [(place: ImportPlace?, message: String)], reader: BookmarkFileReader) {
        var reader = try BookmarkFileReader(text, format: format)
        var entries: [NetscapeEntry] = []
        while case let part = reader.next(2), !part.isEmpty { entries += part }
        return (entries, try reader.finish(), reader)
    }

    static func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

    @Test(arguments: ImportSamples.all)
    func eachSampleIsFoundFromItsContent(_ sample: (name: String, text: String, bookmarks: Int)) throws {
        #expect(ImportFormat.detect(sample.text).rawValue == sample.name)
        let read = try Self.read(sample.text, try #require(ImportFormat(rawValue: sample.name)))
        #expect(read.entries.count == sample.bookmarks)
    }

    @Test func aNetscapeFileAndPlainTextAreReadAsNetscape() {
        #expect(ImportFormat.detect("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p><DT><A HREF=\"https://a.example/\">A</A>") == .netscape)
        #expect(ImportFormat.detect("just some text") == .netscape, "its reader then says it is not a bookmark file")
        #expect(ImportFormat.detect("a,b,c\n1,2,3\n") == .netscape)
    }

    @Test func pocketCSVKeepsStatusTagsAndDatesAndMergesARepeat() throws {
        let read = try Self.read(ImportSamples.pocketCSV, .pocketCSV)
        #expect(read.entries == [
            NetscapeEntry(url: "https://swift.org/concurrency", title: "Swift & Concurrency", tags: ["swift", "programming", "news"],
                          dateAdded: Self.date(1_600_000_000), unread: false, archived: true),
            NetscapeEntry(url: "https://example.com/a?x=1&y=2", title: "Read later, with a comma", dateAdded: Self.date(1_690_000_000),
                          unread: false, archived: true),
            NetscapeEntry(url: "https://example.org/quoted", title: "Quoted \"title\"", tags: ["reading", "later"],
                          dateAdded: Self.date(1_680_000_000), unread: true),
            NetscapeEntry(url: "https://example.net/date", title: "Hostile date", unread: true),
            NetscapeEntry(url: "https://example.net/multi", title: "Two lines", dateAdded: Self.date(1_650_000_000), unread: true),
        ])
        let problems = read.problems.map { "\($0.place?.description ?? "-"): \($0.message)" }
        #expect(problems.count == 3)
        #expect(problems[0].hasPrefix("line 5: Skipped a bookmark “Not a page”") && problems[0].contains("not a web address"))
        #expect(problems[1] == "line 6: Merged into the entry at line 2: the same address https://swift.org/concurrency.")
        #expect(problems[2].hasPrefix("line 7: The time_added “99999999999999999999” is not a date"))
        #expect(read.reader.skipped == 1)
        #expect(read.reader.entryPlaces == [.line(2), .line(3), .line(4), .line(7), .line(8)])
    }

    @Test func pocketHTMLKeepsItsTwoLists() throws {
        let read = try Self.read(ImportSamples.pocketHTML, .pocketHTML)
        #expect(read.entries == [
            NetscapeEntry(url: "https://example.com/unread", title: "Unread & new", tags: ["one", "two"], dateAdded: Self.date(1_500_000_000), unread: true),
            NetscapeEntry(url: "https://example.com/read", title: "Read one", dateAdded: Self.date(1_400_000_000), unread: false, archived: true),
        ])
        #expect(read.problems.count == 1 && read.problems[0].place == .line(12) && read.problems[0].message.contains("ftp://example.com/file"))
    }

    @Test func instapaperFoldersBecomeArchiveOrTagsAndASelectionAHighlight() throws {
        let read = try Self.read(ImportSamples.instapaperCSV, .instapaper)
        #expect(read.entries == [
            NetscapeEntry(url: "https://example.com/one", title: "One & only", tags: ["Starred"], dateAdded: Self.date(1_600_000_000), unread: true),
            NetscapeEntry(url: "https://example.com/two", title: "Two", tags: ["deep"],
                          dateAdded: Self.date(1_600_000_100), archived: true, highlights: [
                            ImportedHighlight(quote: "A selected sentence.", date: Self.date(1_600_000_100))!]),
            NetscapeEntry(url: "https://example.com/three", title: "Three", tags: ["Recipes"], dateAdded: Self.date(1_600_000_200), unread: true),
        ])
        #expect(read.problems.map(\.place) == [.line(5), .line(6)])
    }

    @Test func readwiseSkipsFeedItemsAndReadsItsDates() throws {
        let read = try Self.read(ImportSamples.readwiseCSV, .readwise)
        #expect(read.entries.map(\.url) == ["https://example.com/r1", "https://example.com/r2", "https://example.com/r3", "https://example.com/r4"])
        #expect(read.entries[0].tags == ["ai", "models"] && read.entries[0].unread && !read.entries[0].archived)
        #expect(read.entries[0].dateAdded == Self.date(1_709_288_430))
        #expect(read.entries[1].archived && !read.entries[1].unread)
        #expect(!read.entries[2].unread, "reading progress 1.0 is read")
        #expect(read.entries[2].dateAdded == Self.date(1_709_528_767))
        #expect(read.entries[3].dateAdded == nil)
        #expect(read.reader.skipped == 2)
        #expect(read.problems.map(\.message).contains { $0.hasPrefix("Skipped 2 feed items") })
        #expect(read.problems.contains { $0.place == .line(7) && $0.message.contains("“yesterday” is not a date") })
    }

    @Test func wallabagKeepsArchiveStarsAndAnnotations() throws {
        let read = try Self.read(ImportSamples.wallabagJSON, .wallabag)
        #expect(read.entries.count == 3)
        let one = read.entries[0]
        #expect(one.title == "Wallabag & friends" && one.archived && !one.unread && one.tags == ["linux", "self-hosted"])
        #expect(one.notes.isEmpty)
        #expect(one.highlights == [ImportedHighlight(quote: "a quoted part", note: "My note", date: Self.date(1_473_328_800))!])
        #expect(one.dateAdded == Self.date(1_473_328_558), "11:55:58+0200 is 09:55:58Z")
        #expect(read.entries[1].tags == ["starred", "again"] && read.entries[1].unread)
        #expect(read.entries[1].dateAdded == Self.date(1_577_836_800), "the earlier date of the two")
        #expect(read.entries[2].dateAdded == nil)
        let places = read.problems.map(\.place)
        #expect(places == [.entry(3), .entry(4), .entry(5)])
    }

    @Test func omnivoreKarakeepAndLinkwarden() throws {
        let omnivore = try Self.read(ImportSamples.omnivoreJSON, .omnivore).entries
        #expect(omnivore[0].archived && !omnivore[0].unread && omnivore[0].tags == ["Newsletter"] && omnivore[0].description == "Desc")
        #expect(omnivore[1].unread && omnivore[1].dateAdded == Self.date(1_697_105_410))
        let karakeep = try Self.read(ImportSamples.karakeepJSON, .karakeep)
        #expect(karakeep.entries[0] == NetscapeEntry(url: "https://karakeep.example/one", title: "Karakeep link", notes: "A note",
                                                    tags: ["ai", "tools", "Reading-list", "starred"], dateAdded: Self.date(1_710_000_000), unread: true))
        #expect(karakeep.entries[1].archived && karakeep.entries[1].tags == ["Reading-list"])
        #expect(karakeep.problems.count == 1 && karakeep.problems[0].place == .entry(2) && karakeep.problems[0].message.contains("text bookmark"))
        let linkwarden = try Self.read(ImportSamples.linkwardenJSON, .linkwarden)
        #expect(linkwarden.entries[0].tags == ["docs"] && linkwarden.entries[0].description == "How to")
        #expect(abs((linkwarden.entries[0].dateAdded?.timeIntervalSince1970 ?? 0) - 1_704_164_645.678) < 0.001)
        #expect(linkwarden.entries[1].tags == ["Research"])
        #expect(linkwarden.problems.count == 1 && linkwarden.problems[0].place == .entry(3))
    }

    // MARK: Bad input

    @Test func aCSVCutShortInsideAQuoteIsBrokenAtItsLine() {
        let cut = "title,url,time_added,tags,status\n\"Fine\",https://a.example/,1,,unread\n\"Cut off, https://b.example/,2"
        #expect(throws: ImportFormatError.broken(.pocketCSV, place: .line(3), "a quoted field opened here is never closed")) {
            _ = try BookmarkFileReader(cut, format: .pocketCSV)
        }
    }

    @Test(arguments: [ImportFormat.wallabag, .omnivore, .karakeep, .linkwarden])
    func jsonCutShortIsBroken(_ format: ImportFormat) throws {
        let sample = try #require(ImportSamples.all.first { $0.name == format.rawValue }).text
        let cut = String(sample.prefix(sample.count / 2))
        do {
            _ = try BookmarkFileReader(cut, format: format)
            Issue.record("a cut JSON file was read")
        } catch {
            guard case .broken(format, _, _) = error else { Issue.record("\(error)"); return }
            #expect(error.message.contains("cut short"))
        }
    }

    @Test(arguments: [(ImportFormat.pocketCSV, ImportSamples.instapaperCSV), (.instapaper, ImportSamples.pocketHTML),
                      (.readwise, ImportSamples.wallabagJSON), (.wallabag, ImportSamples.pocketCSV),
                      (.karakeep, ImportSamples.wallabagJSON), (.linkwarden, ImportSamples.karakeepJSON),
                      (.pocketHTML, ImportSamples.readwiseCSV)])
    func aWrongFormatForcedIsRefused(_ format: ImportFormat, _ text: String) {
        do {
            _ = try BookmarkFileReader(text, format: format)
            Issue.record("\(format) read another format's file")
        } catch {
            guard case .notThisFormat(format, _) = error else { Issue.record("\(error)"); return }
            #expect(error.message.hasPrefix("This is not a \(format.title)"))
        }
    }

    @Test(arguments: [
        ("1700000000", 1_700_000_000.0), ("1700000000000", 1_700_000_000), ("1700000000.5", 1_700_000_000.5),
        ("2023-11-14T22:13:20Z", 1_700_000_000), ("2023-11-14T22:13:20.250Z", 1_700_000_000.25),
        ("2023-11-15T00:13:20+02:00", 1_700_000_000), ("2023-11-15T00:13:20+0200", 1_700_000_000),
        ("2023-11-14 22:13:20", 1_700_000_000), ("2023-11-14 22:13:20+00:00", 1_700_000_000), ("2023-11-14", 1_699_920_000),
        ("2023-11-14T17:13:20-05:00", 1_700_000_000), ("2024-02-29T00:00:00Z", 1_709_164_800),
    ])
    func datesInEveryFormTheServicesWrite(_ text: String, _ seconds: Double) {
        #expect(ImportDates.parse(text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: ["", "yesterday", "99999999999999999999", "2023-02-29", "2023-13-01", "2023-11-14T25:00:00Z",
                      "2023-11-14T10:00:00+25:00", "2023-11-14T10:00:00Zjunk", "-99999999999999999", "1e9", "NaN", "0000-00-00 00:00:00",
                      "2023-11-14T10:00:00.Z"])
    func hostileDatesAreNone(_ text: String) {
        #expect(ImportDates.parse(text) == nil)
    }
}

extension ImportFormatTests {
    @Test(arguments: ImportSamples.all.filter { $0.text.hasPrefix("[") || $0.text.hasPrefix("{") })
    func aJSONExportCutShortIsStillFoundSoItsReaderSaysItIsBroken(_ sample: (name: String, text: String, bookmarks: Int)) {
        #expect(ImportFormat.detect(String(sample.text.prefix(300))).rawValue == sample.name)
    }
}
