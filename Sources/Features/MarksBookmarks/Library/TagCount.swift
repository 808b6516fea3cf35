import MarksCore

/// A tag and how many bookmarks carry it, as linkding tag and as AI tag (the Tags tab counts both).
public struct TagCount: Sendable, Equatable, Codable {
    public var name: String
    public var count: Int
    public var linkdingCount: Int
    public var aiCount: Int

    /// A tag count.
    public init(name: String, linkdingCount: Int, aiCount: Int) {
        self.name = name
        self.linkdingCount = linkdingCount
        self.aiCount = aiCount
        self.count = linkdingCount + aiCount
    }

    /// Sorted by count (most first), then name (case-insensitive).
    public static func ordered(_ counts: [TagCount]) -> [TagCount] {
        counts.sorted { $0.count != $1.count ? $0.count > $1.count : $0.name.lowercased() < $1.name.lowercased() }
    }

    /// The counts of linkding tags and AI tags over `bookmarks` (names merged case-insensitively, the first
    /// linkding spelling kept), ordered. An AI tag a bookmark also carries as a linkding tag counts once, as linkding's,
    /// so `count` is the number of bookmarks carrying the tag either way: what the tag's page lists.
    public static func counted(_ bookmarks: [Bookmark]) -> [TagCount] {
        counted(tagLists: bookmarks.lazy.map { ($0.tagNames, $0.aiTags) })
    }

    /// `counted(_:)` over each bookmark's linkding tags and AI tags alone (`BookmarkCache.tagLists`).
    public static func counted<Lists: Sequence>(tagLists: Lists) -> [TagCount] where Lists.Element == ([String], [String]) {
        var linkding: [String: (String, Int)] = [:]
        for (tags, _) in tagLists {
            for tag in tags { linkding[tag.lowercased(), default: (tag, 0)].1 += 1 }
        }
        return merged(linkding: linkding, ai: aiCounts(tagLists))
    }

    /// The same counts from linkding counts already made (a source's own: name → bookmarks) and the tag lists of the
    /// bookmarks with AI tags (a bookmark without any adds nothing to `aiCount`).
    public static func counted<Lists: Sequence>(linkding counts: [String: Int], aiTagLists: Lists) -> [TagCount]
    where Lists.Element == ([String], [String]) {
        var linkding: [String: (String, Int)] = [:]
        for (name, count) in counts where count > 0 { linkding[name.lowercased(), default: (name, 0)].1 += count }
        return merged(linkding: linkding, ai: aiCounts(aiTagLists))
    }

    private static func aiCounts<Lists: Sequence>(_ tagLists: Lists) -> [String: (String, Int)] where Lists.Element == ([String], [String]) {
        var ai: [String: (String, Int)] = [:]
        for (tags, aiTags) in tagLists {
            for tag in Bookmark.suggestedTags(aiTags, besides: tags) { ai[tag.lowercased(), default: (tag, 0)].1 += 1 }
        }
        return ai
    }

    private static func merged(linkding: [String: (String, Int)], ai: [String: (String, Int)]) -> [TagCount] {
        var counts = linkding.map { key, value in TagCount(name: value.0, linkdingCount: value.1, aiCount: ai[key]?.1 ?? 0) }
        for (key, value) in ai where linkding[key] == nil { counts.append(TagCount(name: value.0, linkdingCount: 0, aiCount: value.1)) }
        return ordered(counts)
    }
}
