import Foundation
import MarksClients
import MarksCore
import MarksEngine

extension EnrichmentService {
    /// The collections answer: named groups, each with its member bookmarks, and the engine that answered.
    public struct Collections: Sendable {
        /// One collection with its bookmarks in the order given.
        public struct Group: Sendable {
            /// The collection's name, description and member ids.
            public var collection: SmartCollection
            /// The members.
            public var bookmarks: [Bookmark]
        }

        /// The groups.
        public var groups: [Group]
        /// The engine that answered.
        public var engine: String
        /// Why the configured provider did not answer, when the offline engine stood in.
        public var fallbackReason: String?
    }

    /// The most bookmarks sent to `collections`.
    public static let collectionLimit = 150

    /// Smart collections over the `limit` most recent live bookmarks (loaded from the source).
    public func collections(limit: Int = EnrichmentService.collectionLimit) async throws -> Collections {
        let page = try await library.load(LibraryFilter(limit: max(1, min(limit, Self.collectionLimit))))
        let bookmarks = Array(page.bookmarks.prefix(limit))
        let items = bookmarks.map { bookmark in
            CollectionItem(id: bookmark.id, title: bookmark.displayTitle, domain: bookmark.domain, summary: bookmark.aiSummary,
                           tags: Array(Set(bookmark.tagNames + bookmark.aiTags)).sorted())
        }
        guard !items.isEmpty else { return Collections(groups: [], engine: status.name, fallbackReason: nil) }
        let answer = try await engine.collectionsAnswer(items)
        let byID = Dictionary(bookmarks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let groups = answer.value.map { collection in
            Collections.Group(collection: collection, bookmarks: collection.bookmarkIDs.compactMap { byID[$0] })
        }
        return Collections(groups: groups, engine: answer.engine, fallbackReason: answer.fallbackReason)
    }
}
