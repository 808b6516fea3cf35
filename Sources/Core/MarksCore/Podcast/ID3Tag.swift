import Foundation

/// An ID3v2.3 tag for an episode: title, artist, album, length, cover art and chapters (`CTOC` + one `CHAP` per
/// chapter, the ID3v2 Chapter addendum podcast apps read). ID3v2.3 because every podcast app reads it; text is
/// ISO-8859-1 when it fits, else UTF-16 with a byte-order mark (2.3 has no UTF-8).
public struct ID3Tag: Sendable, Equatable {
    /// One chapter: where it starts and ends, in milliseconds, and its title.
    public struct Chapter: Sendable, Equatable {
        public var title: String
        public var startMilliseconds: UInt32
        public var endMilliseconds: UInt32

        /// A chapter.
        public init(title: String, startMilliseconds: UInt32, endMilliseconds: UInt32) {
            self.title = title
            self.startMilliseconds = startMilliseconds
            self.endMilliseconds = endMilliseconds
        }
    }

    /// A picture: its MIME type ("image/png") and bytes.
    public struct Picture: Sendable, Equatable {
        public var mimeType: String
        public var data: Data

        /// A picture.
        public init(mimeType: String, data: Data) {
            self.mimeType = mimeType
            self.data = data
        }
    }

    public var title: String
    public var artist: String
    public var album: String
    public var lengthMilliseconds: UInt32?
    public var cover: Picture?
    public var chapters: [Chapter]
    /// A comment (`COMM`), such as the note that an episode was cut.
    public var comment: String?

    /// A tag.
    public init(title: String, artist: String, album: String, lengthMilliseconds: UInt32? = nil, cover: Picture? = nil,
                chapters: [Chapter] = [], comment: String? = nil) {
        self.title = title
        self.artist = artist
        self.album = album
        self.lengthMilliseconds = lengthMilliseconds
        self.cover = cover
        self.chapters = chapters
        self.comment = comment
    }

    /// The tag's bytes: the 10-byte header (size syncsafe) and its frames.
    public var bytes: Data { bytes(paddedTo: 0) }

    /// The tag's bytes followed by zero padding up to `size` bytes in all (for a tag written into space reserved
    /// before the audio); never shorter than the tag itself.
    public func bytes(paddedTo size: Int) -> Data {
        var frames = Data()
        frames += Self.textFrame("TIT2", title)
        frames += Self.textFrame("TPE1", artist)
        frames += Self.textFrame("TALB", album)
        if let lengthMilliseconds { frames += Self.textFrame("TLEN", String(lengthMilliseconds)) }
        if let comment {
            var body = Data([Self.encodingByte(comment)])
            body += Data("eng".utf8)
            body += Self.encoded("", terminated: true, as: comment)
            body += Self.encoded(comment, terminated: false, as: comment)
            frames += Self.frame("COMM", body)
        }
        if let cover {
            var body = Data([0])
            body += Data(cover.mimeType.utf8) + Data([0])
            body += Data([3, 0])  // front cover, empty description
            body += cover.data
            frames += Self.frame("APIC", body)
        }
        if !chapters.isEmpty {
            var toc = Data("toc".utf8) + Data([0])
            toc += Data([0x03, UInt8(min(chapters.count, 255))])  // top level, ordered
            for index in chapters.indices.prefix(255) { toc += Data("chp\(index)".utf8) + Data([0]) }
            toc += Self.textFrame("TIT2", "Chapters")
            frames += Self.frame("CTOC", toc)
            for (index, chapter) in chapters.enumerated().prefix(255) {
                var body = Data("chp\(index)".utf8) + Data([0])
                body += Self.bigEndian(chapter.startMilliseconds) + Self.bigEndian(chapter.endMilliseconds)
                body += Self.bigEndian(UInt32.max) + Self.bigEndian(UInt32.max)  // no byte offsets
                body += Self.textFrame("TIT2", chapter.title)
                frames += Self.frame("CHAP", body)
            }
        }
        let padding = max(0, size - 10 - frames.count)
        var header = Data("ID3".utf8) + Data([3, 0, 0])
        header += Self.syncsafe(UInt32(frames.count + padding))
        return header + frames + Data(count: padding)
    }

    private static func textFrame(_ id: String, _ text: String) -> Data {
        frame(id, Data([encodingByte(text)]) + encoded(text, terminated: false, as: text))
    }

    private static func frame(_ id: String, _ body: Data) -> Data {
        Data(id.utf8) + bigEndian(UInt32(body.count)) + Data([0, 0]) + body
    }

    private static func fitsLatin1(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value < 0x100 }
    }

    private static func encodingByte(_ text: String) -> UInt8 { fitsLatin1(text) ? 0 : 1 }

    /// `text` in the encoding `reference` chose (Latin-1, or UTF-16 with BOM), with its terminator when asked.
    private static func encoded(_ text: String, terminated: Bool, as reference: String) -> Data {
        if fitsLatin1(reference) {
            return Data(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }) + (terminated ? Data([0]) : Data())
        }
        var data = Data([0xFF, 0xFE])
        for unit in text.utf16 { data += Data([UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        return data + (terminated ? Data([0, 0]) : Data())
    }

    static func bigEndian(_ value: UInt32) -> Data {
        Data([UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    static func syncsafe(_ value: UInt32) -> Data {
        Data([UInt8((value >> 21) & 0x7F), UInt8((value >> 14) & 0x7F), UInt8((value >> 7) & 0x7F), UInt8(value & 0x7F)])
    }
}
