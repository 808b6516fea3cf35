import Foundation
import MarksCore
import MarksStorage
import MarksTestSupport
import Testing
@testable import MarksBookmarks

/// Each service's sample imported through the one importer (into the embedded store in one transaction, into a
/// linkding server through its API): what it saves, that a second import changes nothing, what a dry run says, and
/// that a broken file or a wrong format changes nothing.
@Suite struct ImportFormatsLibraryTests {
    typealias Sample = (name: String, text: String, bookmarks: Int)

    static var cases: [(Sample, SourceKind)] {
        ImportSamples.all.flatMap { sample in SourceKind.allCases.map { (sample, $0) } }
    }

    static func format(_ sample: Sample) throws -> ImportFormat {
        try #require(ImportFormat(rawValue: sample.name))
    }

    @Test(arguments: cases)
    func eachSampleImportsAndASecondImportChangesNothing(_ sample: Sample, _ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind)
        let format = try Self.format(sample)
        let first = try await f.library.importFile(sample.text, format: format)
        #expect(first.created == sample.bookmarks && first.updated == 0)
        let stored = Set(try f.serverBookmarks().values.map(LibraryTransferTests.Carried.init))
        #expect(stored.count == sample.bookmarks)

        let preview = try await f.library.previewImport(sample.text, format: format)
        #expect(preview.count(.add) == 0 && preview.count(.update) == 0)
        #expect(preview.count(.unchanged) == sample.bookmarks, "\(preview.items.filter { $0.action == .update })")

        f.clock.advance(60)
        f.recorder.reset()
        let second = try await f.library.importFile(sample.text, format: format)
        #expect(f.recorder.allSaved.isEmpty, "nothing was saved, so the observers hear of nothing")
        #expect(second.created == 0 && second.updated == 0 && second.unchanged == sample.bookmarks, "\(second)")
        #expect(Set(try f.serverBookmarks().values.map(LibraryTransferTests.Carried.init)) == stored)
    }

    @Test func aPocketImportKeepsArchiveUnreadTagsAndDates() async throws {
        let f = try LibraryFixture(.embedded)
        let report = try await f.library.importFile(ImportSamples.pocketCSV, format: .pocketCSV)
        #expect(report.read == 5 && report.created == 5 && report.skipped == 1)
        #expect(report.problems.map(\.line) == [5, 6, 7])
        let byURL = Dictionary(uniqueKeysWithValues: try f.serverBookmarks().values.map { ($0.url, $0) })
        let swift = try #require(byURL["https://swift.org/concurrency"])
        #expect(swift.isArchived && !swift.unread && Set(swift.tagNames) == ["swift", "programming", "news"])
        #expect(swift.dateAdded == Date(timeIntervalSince1970: 1_600_000_000))
        #expect(byURL["https://example.org/quoted"]?.unread == true)
    }

    @Test func aDryRunNamesWhatWouldBeAddedUpdatedAndSkippedAndChangesNothing() async throws {
        let f = try LibraryFixture(.embedded)
        _ = try f.add("https://example.com/two", title: "Two")
        let preview = try await f.library.previewImport(ImportSamples.instapaperCSV, format: .instapaper)
        #expect(preview.items.map(\.action) == [.skip, .add, .update, .add])
        #expect(preview.items[0].line == 5 && preview.items[0].reason?.contains("mailto:someone@example.com") == true)
        #expect(preview.notes.map(\.line) == [6], "the merged repeat")
        #expect(try f.serverBookmarks().count == 1)
    }

    @Test func jsonEntriesAreNamedByTheirNumberInTheReport() async throws {
        let f = try LibraryFixture(.embedded)
        let report = try await f.library.importFile(ImportSamples.wallabagJSON, format: .wallabag)
        #expect(report.problems.map(\.message).contains { $0.hasPrefix("Entry 3: Skipped a bookmark “Not the web”") })
    }

    @Test(arguments: [ImportFormat.pocketCSV, .instapaper, .readwise, .wallabag, .karakeep, .linkwarden, .omnivore])
    func aBrokenFileChangesNothing(_ format: ImportFormat) async throws {
        let f = try LibraryFixture(.embedded)
        _ = try f.add("https://example.com/kept", title: "Kept")
        let sample = try #require(ImportSamples.all.first { $0.name == format.rawValue }).text
        let cut: String
        if format == .pocketCSV || format == .instapaper || format == .readwise {
            cut = sample + "\"https://example.com/cut, never closed"
        } else {
            cut = String(sample.prefix(sample.count * 2 / 3))
        }
        await #expect(throws: ImportFormatError.self) { _ = try await f.library.importFile(cut, format: format) }
        await #expect(throws: ImportFormatError.self) { _ = try await f.library.previewImport(cut, format: format) }
        #expect(try f.serverBookmarks().values.map(\.url) == ["https://example.com/kept"])
    }

    @Test func aWrongFormatForcedChangesNothing() async throws {
        let f = try LibraryFixture(.embedded)
        await #expect(throws: ImportFormatError.notThisFormat(.pocketCSV, "its first line has no time_added column")) {
            _ = try await f.library.importFile(ImportSamples.instapaperCSV, format: .pocketCSV)
        }
        await #expect(throws: NetscapeError.notABookmarkFile) {
            _ = try await f.library.importFile(ImportSamples.pocketCSV, format: .netscape)
        }
        #expect(try f.serverBookmarks().isEmpty)
    }
}
