/// A smart collection as kept in `marks.sqlite`: a stable id (its URL is `/collections/<id>`), a name the person may
/// change, and its members.
public struct SavedCollection: Sendable, Equatable {
    /// The id, never given to another collection.
    public var id: Int
    /// The name: the one made from what the members share, or the person's.
    public var name: String
    /// What the members share, with the shares that hold.
    public var description: String
    /// True when the person named it (a refresh keeps the name).
    public var renamed: Bool
    /// The members' ids, in order.
    public var bookmarkIDs: [Int]

    /// A collection as given.
    public init(id: Int, name: String, description: String, renamed: Bool, bookmarkIDs: [Int]) {
        self.id = id
        self.name = name
        self.description = description
        self.renamed = renamed
        self.bookmarkIDs = bookmarkIDs
    }

    /// The collection's page.
    public var path: String { "/collections/\(id)" }
}
