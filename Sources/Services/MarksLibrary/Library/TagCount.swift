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
}
