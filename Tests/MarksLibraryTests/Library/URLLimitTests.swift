import Foundation
import MarksCore
import Testing
@testable import MarksBookmarks
@testable import MarksDocuments

/// An address over linkding's 2,048 characters is refused with words that say so (it used to read "Not a web
/// address Marks can save … must start with http://", which it did).
@Suite struct URLLimitTests {
    static func url(length: Int) -> String {
        let base = "https://example.com/"
        return base + String(repeating: "p", count: length - base.count)
    }

    @Test(arguments: SourceKind.allCases)
    func addingAnAddressOverTheLimitSaysSo(_ kind: SourceKind) async throws {
        let f = try LibraryFixture(kind)
        await #expect(throws: LibraryError.urlTooLong(length: 2100)) {
            _ = try await f.library.add(AddBookmarkRequest(url: Self.url(length: 2100)))
        }
        #expect(LibraryError.urlTooLong(length: 2100).description.hasPrefix(
            "That address is 2,100 characters long; linkding keeps addresses of up to 2,048 characters."))
        #expect(try await f.library.add(AddBookmarkRequest(url: Self.url(length: 2048))).bookmark.url.count == 2048)
        #expect(try f.serverBookmarks().count == 1)
    }

    @Test func otherBadAddressesKeepTheirOwnMessage() {
        #expect(throws: LibraryError.invalidURL("ftp://example.com/")) { try LibraryError.check(webURL: "ftp://example.com/") }
        #expect(throws: LibraryError.urlTooLong(length: 2049)) { try LibraryError.check(webURL: Self.url(length: 2049)) }
    }

    @Test func numbersAreGroupedByThousands() {
        #expect(2048.grouped == "2,048")
        #expect(999.grouped == "999")
        #expect(1_234_567.grouped == "1,234,567")
    }
}
