import Foundation

extension MarksExportFile {
    /// A bookmark's archived page text: the article as the archive keeps it (sanitised tokens: `["s", element,
    /// attribute, value, …]`, `["e", element]`, `["t", text]`), checked against the reader's allow-lists again when read back.
    public struct Page: Codable, Sendable, Equatable {
        public var finalURL: String?
        public var title: String?
        public var tokens: [[String]]
        public var wordCount: Int
        public var fetchedAt: String

        enum CodingKeys: String, CodingKey {
            case title, tokens
            case finalURL = "final_url", wordCount = "word_count", fetchedAt = "fetched_at"
        }
    }

    /// How far a bookmark was read (0…1), its words, and where the reader last stopped.
    public struct Reading: Codable, Sendable, Equatable {
        public var progress: Double?
        public var words: Int?
        public var position: Position?
    }

    /// Where the reader stopped: the block at the top of the screen, how far into it, its first words, the fraction.
    public struct Position: Codable, Sendable, Equatable {
        public var block: Int
        public var within: Double
        public var quote: String
        public var fraction: Double
    }

    /// A source (pasted text or a file) with its original — the text itself for pasted text, the file's bytes in
    /// base64 otherwise — and its highlights; its text is made again from the original on import. Like a bookmark it
    /// has no id of its own in the file: it is its content (`sha256`).
    public struct Source: Codable, Sendable, Equatable {
        public var kind: String
        public var title: String
        public var tags: [String]
        public var filename: String?
        public var mediaType: String?
        public var sha256: String
        public var createdAt: String
        public var text: String?
        public var original: String?
        public var highlights: [Highlight]

        enum CodingKeys: String, CodingKey {
            case kind, title, tags, filename, sha256, text, original, highlights
            case mediaType = "media_type", createdAt = "created_at"
        }

        /// Decodes a source; `kind`, `sha256` and `created_at` are required, the rest falls back to empty.
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            kind = try c.decode(String.self, forKey: .kind)
            title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
            tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
            filename = try c.decodeIfPresent(String.self, forKey: .filename)
            mediaType = try c.decodeIfPresent(String.self, forKey: .mediaType)
            sha256 = try c.decode(String.self, forKey: .sha256)
            createdAt = try c.decode(String.self, forKey: .createdAt)
            text = try c.decodeIfPresent(String.self, forKey: .text)
            original = try c.decodeIfPresent(String.self, forKey: .original)
            highlights = try c.decodeIfPresent([Highlight].self, forKey: .highlights) ?? []
        }

        /// A source value.
        public init(kind: String, title: String, tags: [String], filename: String?, mediaType: String?, sha256: String,
                    createdAt: String, text: String?, original: String?, highlights: [Highlight]) {
            self.kind = kind
            self.title = title
            self.tags = tags
            self.filename = filename
            self.mediaType = mediaType
            self.sha256 = sha256
            self.createdAt = createdAt
            self.text = text
            self.original = original
            self.highlights = highlights
        }
    }
}
