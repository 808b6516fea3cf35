import Foundation
import MarksCore
import Testing

/// Reading an episode's chapters back from its ID3 tag (the podcast library keeps them for the player).
@Suite struct ID3ChapterReadingTests {
    @Test func chaptersWrittenAreReadBackInOrder() {
        let tag = ID3Tag(title: "T", artist: "example.com", album: "Marks", lengthMilliseconds: 90_000,
                         cover: ID3Tag.Picture(mimeType: "image/png", data: Data(repeating: 7, count: 300)),
                         chapters: [ID3Tag.Chapter(title: "Intro", startMilliseconds: 0, endMilliseconds: 30_000),
                                    ID3Tag.Chapter(title: "Über zwei — ✓", startMilliseconds: 30_000, endMilliseconds: 90_000)])
        let data = tag.bytes(paddedTo: 4096) + Data([0xFF, 0xFB, 0x90, 0x00])
        #expect(ID3Tag.tagSize(data) == 4096)
        let chapters = ID3Tag.chapters(in: data)
        #expect(chapters.map(\.title) == ["Intro", "Über zwei — ✓"])
        #expect(chapters.map(\.startMilliseconds) == [0, 30_000])
        #expect(chapters.last?.endMilliseconds == 90_000)
    }

    @Test func noTagOrADamagedTagGivesWhatCanBeRead() {
        #expect(ID3Tag.chapters(in: Data([0xFF, 0xFB, 0x90, 0x00])).isEmpty)
        #expect(ID3Tag.chapters(in: Data()).isEmpty)
        let tag = ID3Tag(title: "T", artist: "a", album: "Marks",
                         chapters: [ID3Tag.Chapter(title: "One", startMilliseconds: 0, endMilliseconds: 1000)]).bytes
        #expect(ID3Tag.chapters(in: tag.prefix(tag.count - 3)).isEmpty, "a cut tag is not read past its end")
        var huge = tag
        huge[20] = 0x7F  // a frame claiming more than the tag holds
        #expect(ID3Tag.chapters(in: huge).count <= 1)
    }
}
