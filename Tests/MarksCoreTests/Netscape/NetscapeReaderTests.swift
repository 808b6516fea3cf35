import Foundation
import Testing
@testable import MarksCore

/// Reading a file part by part (what a bulk import does while the store writes) must give exactly what reading it
/// whole gives: the same entries in the same order, the same problems, the same refusal.
@Suite struct NetscapeReaderTests {
    static let files: [String] = [
        NetscapeBrowserFileTests.firefox,
        NetscapeBrowserFileTests.chrome,
        NetscapeBookmarkFile.write(NetscapeRoundTripTests.entries),
        NetscapeHostileInputTests.header + """
        <DT><A ADD_DATE="1">No address</A>
        <DT><A HREF="https://good.example/one">One</A><DD>Its description
        <DT><H3>Folder</H3>
        <DL><p>
        <DT><A HREF="https://bad host.example/">Space</A>
        <DT><A HREF="https://good.example/two" ADD_DATE="12abc">Two</A>
        </DL><p>
        <DT><A HREF="https://good.example/three" TAGS="a,b">Three</A>
        """,
    ]

    @Test(arguments: [1, 2, 3, 1_000])
    func partsGiveWhatTheWholeFileGives(_ partSize: Int) throws {
        for text in Self.files {
            for foldersAsTags in [false, true] {
                let whole = try NetscapeBookmarkFile.parse(text, foldersAsTags: foldersAsTags)
                var reader = NetscapeReader(text, foldersAsTags: foldersAsTags)
                var entries: [NetscapeEntry] = []
                var sizes: [Int] = []
                while case let part = reader.next(partSize), !part.isEmpty {
                    sizes.append(part.count)
                    entries += part
                }
                let problems = try reader.finish()
                #expect(entries == whole.entries)
                #expect(problems.map(\.line) == whole.problems.map(\.line))
                #expect(problems.map(\.message) == whole.problems.map(\.message))
                #expect(sizes.dropLast().allSatisfy { $0 == partSize }, "every part but the last is full")
            }
        }
    }

    /// Links in a web page are entries until the end shows there is no doctype and no `<DT>`: the reader hands them
    /// out, and only `finish` refuses the text — a caller that used them must undo that.
    @Test func aPageOfLinksIsRefusedOnlyAtTheEnd() {
        let page = "<html><body>" + (0..<10).map { #"<p><a href="https://x.test/\#($0)">x</a></p>"# }.joined() + "</body></html>"
        var reader = NetscapeReader(page)
        #expect(reader.next(4).count == 4)
        while !reader.next(4).isEmpty {}
        #expect(throws: NetscapeError.notABookmarkFile) { try reader.finish() }
    }
}
