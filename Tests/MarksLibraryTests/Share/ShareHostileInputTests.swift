import MarksTestSupport
import Foundation
import MarksCore
import Testing
@testable import MarksBookmarks
@testable import MarksShare

@Suite struct ShareHostileInputTests {
    func service() throws -> (ShareService, StoreBackedSource, TemporaryDirectory) {
        let dir = try TemporaryDirectory()
        let source = try StoreBackedSource()
        let clock = ManualClock()
        let library = LibraryService(source: source, widgets: nil, now: clock.now, warn: { _ in })
        return (ShareService(library: library, podcasts: try PodcastRequestsTests.requests(dir, clock)), source, dir)
    }

    @Test func binaryGarbageHasNoLink() async throws {
        let (share, source, dir) = try service()
        defer { dir.cleanUp() }
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }.map { $0 == UInt8(ascii: "h") ? 0 : $0 })
        await #expect(throws: ShareError.noLinkFound) { try await share.prepare([.textAttachment(bytes, filename: nil)]) }
        #expect(await source.creates == 0)
    }

    @Test func fiveMegabytesOfTextKeepNotesCapped() async throws {
        let (share, _, dir) = try service()
        defer { dir.cleanUp() }
        let filler = String(repeating: "lorem ipsum dolor sit amet ", count: 5 * 1024 * 1024 / 27)
        let draft = try await share.prepare([.plainText(filler + " https://example.com/end")])
        #expect(draft.url == "https://example.com/end")
        #expect(draft.notes.count <= IngestPayloadParser.maximumNotesLength)
        #expect(!draft.notes.isEmpty)
    }

    @Test func rtfEmbeddedObjectsAreNotLinks() async throws {
        let (share, _, dir) = try service()
        defer { dir.cleanUp() }
        let rtf = #"{\rtf1 {\object\objemb{\*\objdata 0105 https://hidden.example.com}}{\pict\pngblip https://pict.example.com} Read https://visible.example.com/a now}"#
        let draft = try await share.prepare([.textAttachment(Data(rtf.utf8), filename: "note.rtf")])
        #expect(draft.url == "https://visible.example.com/a")
        #expect(draft.notes == "Read now")
        let onlyObjects = #"{\rtf1{\object{\*\objdata https://hidden.example.com}}}"#
        await #expect(throws: ShareError.noLinkFound) { try await share.prepare([.rtf(Data(onlyObjects.utf8))]) }
    }

    @Test func htmlRelativeLinksResolveAgainstBase() async throws {
        let (share, _, dir) = try service()
        defer { dir.cleanUp() }
        let html = "<html><head><base href='https://docs.example.com/v2/'><title>Docs</title></head><body><p>Start <a href='guide/start'>here</a></p></body></html>"
        let draft = try await share.prepare([.textAttachment(Data(html.utf8), filename: "page.html")])
        #expect(draft.url == "https://docs.example.com/v2/guide/start")
        #expect(draft.title == "here")
    }

    @Test(arguments: ["", "   \n\t", "no link at all, just words", "javascript:alert(1)", "mailto:someone@example.com", "file:///etc/passwd", "ftp://example.com/x"])
    func textWithoutAWebLinkIsNoLinkFound(text: String) async throws {
        let (share, _, dir) = try service()
        defer { dir.cleanUp() }
        await #expect(throws: ShareError.noLinkFound) { try await share.prepare([.plainText(text)]) }
        #expect(ShareError.noLinkFound.description.hasPrefix("No link found"))
    }

    @Test func oversizedAndControlCharacterTitlesAreTamed() async throws {
        let (share, _, dir) = try service()
        defer { dir.cleanUp() }
        let title = String(repeating: "T", count: 10_000)
        let draft = try await share.prepare(sharedURL: "https://example.com/t", title: title, text: nil)
        #expect(draft.title.count == 500)
    }
}
