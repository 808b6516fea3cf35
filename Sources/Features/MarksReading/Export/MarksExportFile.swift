import Foundation

/// Marks' own export, version 2: a JSON object `{"format": "marks-export", "version": 2, "exported_at": …,
/// "bookmarks": [ … ], "sources": [ … ]}` with one bookmark a line, each with its AI metadata, its highlights, its
/// archived page text and where its reading stopped, then the sources (pasted text and files, with their originals
/// and highlights), so the library comes back whole on `marks import`. Version 1 (bookmarks only) is read too. Dates are ISO 8601 in UTC to the microsecond, as linkding writes them (`LinkdingDate`).
/// Source-specific ids are left out (a bookmark is its URL; its highlights sit inside it), so an export, imported into
/// an empty library and exported again, is the same file but for `exported_at`.
public enum MarksExportFile {
    /// The `format` value.
    public static let format = "marks-export"
    /// The version this build writes and the newest it reads.
    public static let version = 2

    /// One bookmark with everything Marks keeps for it.
    public struct Bookmark: Codable, Sendable, Equatable {
        public var url: String
        public var title: String
        public var description: String
        public var notes: String
        public var tags: [String]
        public var unread: Bool
        public var archived: Bool
        public var shared: Bool
        public var dateAdded: String
        public var dateModified: String
        /// What AI enrichment made, with the engine that made it; nil when nothing was.
        public var ai: AI?
        public var highlights: [Highlight]
        /// The archived page text (version 2); nil when none is kept or the export was made without it.
        public var page: Page?
        /// How far it was read and where the reader stopped (version 2); nil when never opened in the reader.
        public var reading: Reading?

        enum CodingKeys: String, CodingKey {
            case url, title, description, notes, tags, unread, archived, shared, ai, highlights, page, reading
            case dateAdded = "date_added", dateModified = "date_modified"
        }

        /// Decodes a bookmark; `url` is required, the rest falls back to empty.
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            url = try c.decode(String.self, forKey: .url)
            title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
            description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
            notes = try c.decodeIfPresent(String.self, forKey: .notes) ?? ""
            tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
            unread = try c.decodeIfPresent(Bool.self, forKey: .unread) ?? false
            archived = try c.decodeIfPresent(Bool.self, forKey: .archived) ?? false
            shared = try c.decodeIfPresent(Bool.self, forKey: .shared) ?? false
            dateAdded = try c.decode(String.self, forKey: .dateAdded)
            dateModified = try c.decodeIfPresent(String.self, forKey: .dateModified) ?? dateAdded
            ai = try c.decodeIfPresent(AI.self, forKey: .ai)
            highlights = try c.decodeIfPresent([Highlight].self, forKey: .highlights) ?? []
            page = try c.decodeIfPresent(Page.self, forKey: .page)
            reading = try c.decodeIfPresent(Reading.self, forKey: .reading)
        }

        /// A bookmark value.
        public init(url: String, title: String, description: String, notes: String, tags: [String], unread: Bool, archived: Bool,
                    shared: Bool, dateAdded: String, dateModified: String, ai: AI?, highlights: [Highlight], page: Page? = nil,
                    reading: Reading? = nil) {
            self.url = url
            self.title = title
            self.description = description
            self.notes = notes
            self.tags = tags
            self.unread = unread
            self.archived = archived
            self.shared = shared
            self.dateAdded = dateAdded
            self.dateModified = dateModified
            self.ai = ai
            self.highlights = highlights
            self.page = page
            self.reading = reading
        }
    }

    /// A bookmark's AI summary and tags and their provenance.
    public struct AI: Codable, Sendable, Equatable {
        public var summary: String?
        public var tags: [String]
        public var engine: String
        public var updatedAt: String

        enum CodingKeys: String, CodingKey {
            case summary, tags, engine
            case updatedAt = "updated_at"
        }
    }

    /// A highlight: its quote and context (the anchor), its note, its dates.
    public struct Highlight: Codable, Sendable, Equatable {
        public var quote: String
        public var prefix: String
        public var suffix: String
        public var note: String?
        public var createdAt: String
        public var updatedAt: String

        enum CodingKeys: String, CodingKey {
            case quote, prefix, suffix, note
            case createdAt = "created_at", updatedAt = "updated_at"
        }
    }

    /// The first part of the file: format, version, when. Read first, so a newer version is refused by name.
    struct Header: Decodable {
        var format: String?
        var version: Int?
    }

    /// The whole file as read back.
    struct Contents: Decodable {
        var bookmarks: [Bookmark]
        var sources: [Source]

        enum CodingKeys: String, CodingKey { case bookmarks, sources }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            bookmarks = try c.decode([Bookmark].self, forKey: .bookmarks)
            sources = try c.decodeIfPresent([Source].self, forKey: .sources) ?? []
        }
    }
}
