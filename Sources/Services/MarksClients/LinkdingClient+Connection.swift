import Foundation
import MarksCore

/// Checking a configured server, and lists that follow every page.
extension LinkdingClient {
    /// Checks a configured server: `/health` must answer linkding's JSON with a version of at least
    /// `minimumVersion`, then an authenticated `GET /api/bookmarks/?limit=1` must succeed. Returns the health.
    public func verifyConnection() async throws -> ServerHealth {
        let health = try await health()
        guard let found = LinkdingVersion(health.version), let minimum = LinkdingVersion(Self.minimumVersion) else {
            throw BookmarkSourceError.unsupportedVersion(found: health.version, minimum: Self.minimumVersion)
        }
        guard found >= minimum else {
            throw BookmarkSourceError.unsupportedVersion(found: health.version, minimum: Self.minimumVersion)
        }
        _ = try await list(BookmarkListQuery(limit: 1))
        return health
    }

    /// Every tag, following `next` links (on the configured origin) until the last page.
    public func allTags() async throws -> [Tag] {
        var page = try await tags(limit: Self.allPagesLimit, offset: 0)
        var tags = page.results
        var seen = Set<String>()
        while let next = page.next, !page.results.isEmpty, seen.insert(next).inserted {
            page = try await fetch(Page<Tag>.self, .pageLink(next))
            tags += page.results
        }
        return tags
    }
}
