import Foundation
import MarksCore
import Testing
@testable import MarksBookmarks
@testable import MarksDocuments

/// `marks import` keeps what linkding accepts and trims what it refuses, each trim a line of the report — against
/// the embedded store and through the API (linkding 1.46.2: a title over 512 characters is a 400 that used to skip
/// the whole entry, a tag over 64 was dropped without a word, `date_modified` was not sent).
@Suite struct ImportFitTests {
    static let longTitle = String(repeating: "T", count: 600)
    static let longTag = String(repeating: "g", count: 70)

    static let file = """
        <!DOCTYPE NETSCAPE-Bookmark-file-1>
        <DL><p>
        <DT><A HREF="https://example.com/plain" ADD_DATE="1600000000" LAST_MODIFIED="1650000000" TAGS="a">Plain</A>
        <DT><A HREF="https://example.com/long" ADD_DATE="1600000100" LAST_MODIFIED="1650000100" TAGS="ok,\(longTag)">\(longTitle)</A>
        <DT><A HREF="https://example.com/nodate" ADD_DATE="1600000200">No modified date</A>
        </DL><p>
        """

    @Test(arguments: SourceKind.allCases)
    func titlesAndTagsOverTheLimitsAreTrimmedAndReportedByLine(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind)
        let report = try await f.library.importNetscape(Self.file)
        #expect(report.read == 3 && report.created == 3 && report.skipped == 0 && report.trimmed == 1)
        #expect(report.problems.map(\.line) == [4, 4])
        #expect(report.problems.allSatisfy { $0.url == "https://example.com/long" })
        #expect(report.problems.first?.message == "Trimmed the title from 600 to 512 characters (linkding keeps at most 512).")
        #expect(report.problems.last?.message.hasPrefix("Trimmed the tag “gggg") == true)
        #expect(report.problems.last?.message.hasSuffix("from 70 to 64 characters (linkding keeps tag names up to 64).") == true)
        let long = try #require(try f.store.bookmark(matching: "https://example.com/long"))
        #expect(long.title == String(repeating: "T", count: 512))
        #expect(long.tagNames == [String(repeating: "g", count: 64), "ok"])
    }

    @Test(arguments: SourceKind.allCases)
    func newBookmarksKeepTheFilesModifiedDate(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind)
        _ = try await f.library.importNetscape(Self.file)
        let plain = try #require(try f.store.bookmark(matching: "https://example.com/plain"))
        #expect(plain.dateAdded == Date(timeIntervalSince1970: 1_600_000_000))
        #expect(plain.dateModified == Date(timeIntervalSince1970: 1_650_000_000))
        // As linkding's own importer: no LAST_MODIFIED means the modified date is the added one.
        let nodate = try #require(try f.store.bookmark(matching: "https://example.com/nodate"))
        #expect(nodate.dateModified == Date(timeIntervalSince1970: 1_600_000_200))
    }

    @Test func anUpdatedBookmarksModifiedDateThatTheAPICannotSetIsReported() async throws {
        let f = try LibraryFixture(.linkding)
        try f.add("https://example.com/plain", title: "Before")
        let report = try await f.library.importNetscape(Self.file)
        #expect(report.updated == 1)
        let note = try #require(report.problems.first { $0.line == nil })
        #expect(note.message.contains("modified date of 1 updated bookmarks"))
    }

    @Test func fittingCutsWholeCharactersCountedAsLinkdingCounts() {
        // "é" as e + combining accent is one character of two code points; linkding counts code points.
        let decomposed = String(repeating: "e\u{301}", count: 40)
        let fit = ImportFit(NetscapeEntry(url: "https://example.com/x", title: "t", tags: [decomposed, "short"]))
        #expect(fit.entry.tags.first.map(LinkdingLimits.length) == 64)
        #expect(fit.entry.tags.first?.count == 32)
        #expect(fit.entry.tags.last == "short")
        #expect(fit.trims.count == 1)
        #expect(ImportFit(NetscapeEntry(url: "https://example.com/y", title: String(repeating: "x", count: 512))).trims.isEmpty)
    }
}
