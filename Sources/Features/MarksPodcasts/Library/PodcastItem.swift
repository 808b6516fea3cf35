import Foundation

/// What a podcast is made of: a bookmark (its URL and title), a web address, or a source (its text and kind).
public enum PodcastItem: Sendable, Equatable {
    case bookmark(id: Int)
    case url(String, title: String?)
    case source(id: UUID)

    /// The item for an item URL as the index and the share queue keep it: `marks-source://<uuid>` is a source,
    /// anything else a web address (with the bookmark it came from, when known).
    public static func from(url: String, bookmarkID: Int?, title: String?) -> PodcastItem {
        if let id = PodcastEntry.sourceID(in: url), let uuid = UUID(uuidString: id) { return .source(id: uuid) }
        if let bookmarkID { return .bookmark(id: bookmarkID) }
        return .url(url, title: title)
    }
}

/// An item with what the backend needs: the URL, title and site for the index, the bookmark or source it belongs
/// to, and for a source its text and kind.
public struct ResolvedPodcastItem: Sendable, Equatable {
    public var url: String
    public var title: String
    public var site: String
    public var bookmarkID: Int?
    public var sourceID: String?
    public var text: String?
    public var sourceKind: String?

    /// A resolved item.
    public init(url: String, title: String, site: String, bookmarkID: Int? = nil, sourceID: String? = nil, text: String? = nil,
                sourceKind: String? = nil) {
        self.url = url
        self.title = title
        self.site = site
        self.bookmarkID = bookmarkID
        self.sourceID = sourceID
        self.text = text
        self.sourceKind = sourceKind
    }

    /// What the backend is asked for, at `priority` (`JobPriority`).
    public func request(priority: Int) -> PodcastGenerationRequest {
        PodcastGenerationRequest(url: url, title: title.isEmpty ? nil : title, text: text, sourceKind: sourceKind, priority: priority)
    }
}
