import Foundation
import MarksCore

/// What the index keeps of one bookmark: the fields it searches and shows, its flags, and the text its vector
/// is computed from (with that text's hash).
public struct IndexedDocument: Sendable, Equatable {
    public var id: Int
    public var url: String
    public var domain: String
    public var title: String
    public var description: String
    public var notes: String
    public var tagNames: [String]
    public var aiSummary: String?
    public var aiTags: [String]
    public var unread: Bool
    public var archived: Bool
    public var dateAdded: Date

    /// Characters of summary (or description) and notes that go into the embedding text; the model reads
    /// 256 tokens at most, and the title and summary carry the meaning.
    static let summaryCharacters = 800
    static let notesCharacters = 300

    /// The document for a bookmark.
    public init(_ bookmark: Bookmark) {
        self.init(id: bookmark.id, url: bookmark.url, domain: bookmark.domain, title: bookmark.title,
                  description: bookmark.description, notes: bookmark.notes, tagNames: bookmark.tagNames,
                  aiSummary: bookmark.aiSummary, aiTags: bookmark.aiTags, unread: bookmark.unread,
                  archived: bookmark.isArchived, dateAdded: bookmark.dateAdded)
    }

    /// A document from its fields.
    public init(id: Int, url: String, domain: String? = nil, title: String, description: String = "", notes: String = "",
                tagNames: [String] = [], aiSummary: String? = nil, aiTags: [String] = [], unread: Bool = false,
                archived: Bool = false, dateAdded: Date = Date(timeIntervalSince1970: 0)) {
        self.id = id
        self.url = url
        self.domain = domain ?? Bookmark(id: id, url: url, dateAdded: dateAdded, dateModified: dateAdded).domain
        self.title = title
        self.description = description
        self.notes = notes
        self.tagNames = tagNames
        self.aiSummary = aiSummary
        self.aiTags = aiTags
        self.unread = unread
        self.archived = archived
        self.dateAdded = dateAdded
    }

    /// The title to show: the title, else the URL.
    public var displayTitle: String { title.isEmpty ? url : title }

    /// The AI summary when there is one, else the description.
    public var summaryOrDescription: String {
        if let aiSummary, !aiSummary.trimmingWhitespace.isEmpty { return aiSummary }
        return description
    }

    /// Linkding tags then AI tags, each once (case-insensitively), in that order.
    public var allTags: [String] {
        var seen = Set<String>()
        return (tagNames + aiTags).filter { seen.insert($0.lowercased()).inserted }
    }

    /// The text the vector is computed from: title, summary (or description), the start of the notes, tags, domain
    /// (also what a page is embedded as to find its nearest bookmarks).
    public var embeddingText: String {
        var parts: [String] = []
        let title = title.trimmingWhitespace
        if !title.isEmpty { parts.append(title) }
        let summary = summaryOrDescription.trimmingWhitespace
        if !summary.isEmpty { parts.append(String(summary.prefix(Self.summaryCharacters))) }
        let notes = notes.trimmingWhitespace
        if !notes.isEmpty { parts.append(String(notes.prefix(Self.notesCharacters))) }
        let tags = allTags
        if !tags.isEmpty { parts.append("Tags: " + tags.joined(separator: ", ")) }
        if !domain.isEmpty && domain != url { parts.append(domain) }
        return parts.isEmpty ? url : parts.joined(separator: "\n")
    }

    /// The fingerprint of `embeddingText`.
    var contentFingerprint: ContentHash { ContentHash(embeddingText, salt: ContentHash.indexTextVersion) }

    /// The key of this document's vector (`contentFingerprint` as the index stores it).
    var contentHash: Int64 { contentFingerprint.key }

    /// The lower-cased tags the tag filter matches (linkding and AI tags).
    var filterTags: [String] { Array(Set(allTags.map { $0.lowercased() })).sorted() }
}
