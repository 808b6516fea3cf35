/// A named group of related bookmarks.
public struct SmartCollection: Codable, Equatable, Sendable {
    /// 1–4 words in Title Case, each shared by a good part of the members.
    public var name: String
    /// One sentence saying what the bookmarks have in common.
    public var description: String
    /// The members' ids, in the order the bookmarks were given.
    public var bookmarkIDs: [Int]

    /// A collection as given.
    public init(name: String, description: String, bookmarkIDs: [Int]) {
        self.name = name
        self.description = description
        self.bookmarkIDs = bookmarkIDs
    }

    enum CodingKeys: String, CodingKey {
        case name, description
        case bookmarkIDs = "bookmark_ids"
    }
}
