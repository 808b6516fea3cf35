import MarksTestSupport
import Foundation
import Testing
@testable import MarksCore
import MarksBookmarks

/// Bad input must give a link or `noLinkFound`, never a crash, a hang or another error.
@Suite struct IngestHostileInputTests {
    private func seconds(_ work: () throws -> Void) rethrows -> Double {
        let elapsed = try ContinuousClock().measure(work)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func binaryGarbageInEveryPayloadKind(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let bytes = Data((0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let latin1 = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        let lossy = String(decoding: bytes, as: UTF8.self)
        let payloads: [IngestPayload] = [
            .url(lossy), .plainText(lossy), .plainText(latin1), .html(lossy, baseURL: nil), .rtf(bytes),
            .textAttachment(bytes, filename: nil), .textAttachment(bytes, filename: "x.rtf"), .textAttachment(bytes, filename: "x.html"),
        ]
        for payload in payloads {
            do {
                let result = try IngestPayloadParser.parse([payload])
                #expect(["http", "https"].contains(result.url.scheme))
            } catch {
                #expect(error as? IngestError == .noLinkFound)
            }
        }
    }

    @Test func fiveMegabytesOfTextWithTheLinkAtTheEnd() throws {
        let filler = String(repeating: "lorem ipsum dolor sit amet, ", count: 5 * 1024 * 1024 / 28)
        var result: IngestResult?
        let elapsed = try seconds { result = try IngestPayloadParser.parse([.plainText(filler + "https://example.com/end.")]) }
        let found = try #require(result)
        #expect(found.url.absoluteString == "https://example.com/end")
        #expect(found.notes.count <= IngestPayloadParser.maximumNotesLength)
        #expect(found.notes.hasSuffix("…"))
        #expect(elapsed < 120) // a hang guard, not a speed target (speed lives in make bench)
    }

    @Test func fiveMegabytesWithoutALink() {
        let text = String(repeating: "no links here at all. ", count: 5 * 1024 * 1024 / 22)
        #expect(throws: IngestError.noLinkFound) { try IngestPayloadParser.parse([.plainText(text), .rtf(Data(text.utf8))]) }
    }

    @Test func notesAreCutOnAWordBoundary() throws {
        let words = (0..<2_000).map { "word\($0)" }
        let result = try IngestPayloadParser.parse([.plainText("https://example.com/ " + words.joined(separator: " "))])
        #expect(result.notes.count <= 1_800)
        #expect(result.notes.count > 1_700)
        let body = try #require(result.notes.split(separator: "…").first)
        #expect(result.notes.hasSuffix("…"))
        #expect(words.joined(separator: " ").hasPrefix(String(body) + " "))
    }

    @Test func notesOfOneHugeWordAreStillCapped() throws {
        let result = try IngestPayloadParser.parse([.plainText("https://example.com/ " + String(repeating: "é", count: 5_000))])
        #expect(result.notes.count == 1_800)
    }

    @Test func textBeyondTheReadLimitIsIgnored() {
        let text = String(repeating: " ", count: IngestPayloadParser.maximumPayloadBytes) + "https://example.com/late"
        #expect(throws: IngestError.noLinkFound) { try IngestPayloadParser.parse([.plainText(text)]) }
    }

    @Test func rtfWithEmbeddedObjectsOnly() {
        let rtf = #"{\rtf1{\object\objemb{\*\objdata 0105000002000000 https://hidden.example.com}}{\*\objdata https://x.example.com}{\pict\jpegblip ffd8 https://p.example.com}}"#
        #expect(throws: IngestError.noLinkFound) { try IngestPayloadParser.parse([.rtf(Data(rtf.utf8))]) }
    }

    @Test func rtfWithHugeBinAndDeepGroups() throws {
        let rtf = "{\\rtf1 " + String(repeating: "{", count: 200_000) + "https://example.com/deep" + String(repeating: "}", count: 200_000) + "\\bin99999999999 }"
        let result = try IngestPayloadParser.parse([.rtf(Data(rtf.utf8))])
        #expect(result.url.absoluteString == "https://example.com/deep")
    }

    @Test func htmlWithBaseAndOnlyRelativeLinks() throws {
        let html = "<html><head><base href='https://docs.example.com/v2/'></head><body><a href='#top'>Top</a><a href='guide/start'>Start here</a></body></html>"
        let result = try IngestPayloadParser.parse([.html(html, baseURL: URL(string: "https://ignored.example.com/"))])
        #expect(result.url.absoluteString == "https://docs.example.com/v2/#top")
        #expect(result.title == "Top")
    }

    @Test func hugeHTMLPayload() throws {
        let html = String(repeating: "<div><p>text, more text</p>", count: 200_000) + "<a href='https://example.com/z'>z</a>"
        #expect(throws: IngestError.noLinkFound) { try IngestPayloadParser.parse([.html(html, baseURL: nil)]) } // beyond HTMLDocument's 5 MiB
    }

    @Test func urlPayloadOfGarbage() {
        for garbage in ["", "   ", "://", "http//example.com", "https:example.com", "\u{0}\u{1}", String(repeating: "a", count: 100_000)] {
            #expect(throws: IngestError.noLinkFound) { try IngestPayloadParser.parse([.url(garbage)]) }
        }
    }
}
