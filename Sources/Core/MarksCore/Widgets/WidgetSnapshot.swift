import Foundation

/// What the widgets read: small Codable files written after loads and saves (the seeds' `WidgetDataStore`),
/// `widget_bookmarks.json` and `widget_podcasts.json` in the data dir.
public enum WidgetSnapshot {
    /// A bookmark as the widgets show it.
    public struct BookmarkItem: Sendable, Equatable, Codable {
        public var id: Int
        public var title: String
        public var url: String
        public var domain: String
        public var summary: String?
        public var unread: Bool
        public var dateAdded: Date
        public var link: String

        /// A widget bookmark from a bookmark.
        public init(_ bookmark: Bookmark) {
            id = bookmark.id
            title = bookmark.displayTitle
            url = bookmark.url
            domain = bookmark.domain
            summary = bookmark.aiSummary
            unread = bookmark.unread
            dateAdded = bookmark.dateAdded
            link = MarksDeepLink.bookmarkURL(id: bookmark.id, url: bookmark.url).absoluteString
        }

        enum CodingKeys: String, CodingKey {
            case id, title, url, domain, summary, unread, link
            case dateAdded = "date_added"
        }
    }

    /// A podcast as the widgets show it.
    public struct PodcastItem: Sendable, Equatable, Codable {
        public var title: String
        public var url: String
        public var durationSeconds: Double?
        public var createdAt: Date
        public var played: Bool
        public var link: String

        /// A widget podcast.
        public init(title: String, url: String, durationSeconds: Double?, createdAt: Date, played: Bool) {
            self.title = title
            self.url = url
            self.durationSeconds = durationSeconds
            self.createdAt = createdAt
            self.played = played
            link = MarksDeepLink.podcastURL(url: url).absoluteString
        }

        enum CodingKeys: String, CodingKey {
            case title, url, played, link
            case durationSeconds = "duration_seconds"
            case createdAt = "created_at"
        }
    }

    /// The bookmarks file: the most recent bookmarks (the widgets show three; a few more are kept for the random card).
    public struct Bookmarks: Sendable, Equatable, Codable {
        public var updatedAt: Date
        public var recent: [BookmarkItem]

        /// A bookmarks snapshot.
        public init(updatedAt: Date, recent: [BookmarkItem]) {
            self.updatedAt = updatedAt
            self.recent = recent
        }

        enum CodingKeys: String, CodingKey {
            case recent
            case updatedAt = "updated_at"
        }
    }

    /// The podcasts file.
    public struct Podcasts: Sendable, Equatable, Codable {
        public var updatedAt: Date
        public var recent: [PodcastItem]

        /// A podcasts snapshot.
        public init(updatedAt: Date, recent: [PodcastItem]) {
            self.updatedAt = updatedAt
            self.recent = recent
        }

        enum CodingKeys: String, CodingKey {
            case recent
            case updatedAt = "updated_at"
        }
    }
}
