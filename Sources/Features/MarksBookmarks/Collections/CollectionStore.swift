import Foundation
import MarksCore
import SQLiteDatabase

/// The saved smart collections (`CollectionSchema`): read by the Collections tab and `marks collections`, renamed
/// and trimmed by the person, replaced by a refresh (`CollectionRefresh`) that keeps what the person did: a new
/// collection that is mostly an old one keeps its id (so its URL), its chosen name and its removed members.
public struct CollectionStore: Sendable {
    private let database: Database
    private let now: @Sendable () -> Date

    /// The store in `database` (migrations of namespace `collections` applied).
    public init(database: Database, now: @escaping @Sendable () -> Date) throws {
        _ = try CollectionError.wrap { try database.migrate(namespace: CollectionSchema.namespace, CollectionSchema.migrations) }
        self.database = database
        self.now = now
    }

    /// A kept collection whose members overlap a new one's by at least this share (of both together) is the same one.
    static let sameCollection = 0.25

    /// Every collection, in list order.
    public func all() throws -> [SavedCollection] {
        try CollectionError.wrap { try database.read(Self.all) }
    }

    private static func all(_ connection: Connection) throws -> [SavedCollection] {
        var members: [Int: [Int]] = [:]
        for row in try connection.query("SELECT collection_id, bookmark_id FROM collection_members ORDER BY collection_id, position") {
            members[try row.int(at: 0), default: []].append(try row.int(at: 1))
        }
        return try connection.query("SELECT id, name, description, renamed FROM collections ORDER BY position, id").map { row in
            let id = try row.int(at: 0)
            return SavedCollection(id: id, name: try row.string(at: 1), description: try row.string(at: 2),
                                   renamed: try row.bool(at: 3), bookmarkIDs: members[id] ?? [])
        }
    }

    /// The collection `id`.
    public func collection(_ id: Int) throws -> SavedCollection {
        try CollectionError.wrap {
            try database.read { connection in
                guard let row = try connection.queryOne("SELECT name, description, renamed FROM collections WHERE id = ?", [.integer(Int64(id))]) else {
                    throw CollectionError.notFound(id)
                }
                let members = try connection.integers(cached: "SELECT bookmark_id FROM collection_members WHERE collection_id = ? ORDER BY position",
                                                      [.integer(Int64(id))])
                return SavedCollection(id: id, name: try row.string(at: 0), description: try row.string(at: 1),
                                       renamed: try row.bool(at: 2), bookmarkIDs: members)
            }
        }
    }

    /// Names collection `id` `name` (trimmed, 1–200 characters); a refresh keeps it.
    public func rename(_ id: Int, to name: String) throws {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...200).contains(name.count) else { throw CollectionError.invalidName }
        try CollectionError.wrap {
            try database.write { connection in
                guard try connection.run("UPDATE collections SET name = ?, renamed = 1 WHERE id = ?", [.text(name), .integer(Int64(id))]) == 1 else {
                    throw CollectionError.notFound(id)
                }
            }
        }
    }

    /// Takes bookmark `bookmarkID` out of collection `id`; no refresh puts it back.
    public func remove(_ bookmarkID: Int, from id: Int) throws {
        try CollectionError.wrap {
            try database.write { connection in
                guard try connection.queryOne("SELECT 1 FROM collections WHERE id = ?", [.integer(Int64(id))]) != nil else {
                    throw CollectionError.notFound(id)
                }
                _ = try connection.run("DELETE FROM collection_members WHERE collection_id = ? AND bookmark_id = ?",
                                       [.integer(Int64(id)), .integer(Int64(bookmarkID))])
                _ = try connection.run("INSERT OR IGNORE INTO collection_removed (collection_id, bookmark_id) VALUES (?, ?)",
                                       [.integer(Int64(id)), .integer(Int64(bookmarkID))])
            }
        }
    }

    /// The search index generation the last refresh read (nil before the first).
    public func refreshedGeneration() throws -> Int64? {
        try CollectionError.wrap {
            try database.read { try $0.queryOne("SELECT value FROM collection_state WHERE key = 'generation'")?.int64(at: 0) }
        }
    }

    /// Replaces the collections with `made` (largest first), in one transaction: each new collection that is mostly a
    /// kept one (`sameCollection`, best pairs first) takes its place — its id, and its name when the person chose it —
    /// without the members the person removed; a kept collection no new one matches goes, unless the person named it
    /// (it stays, after the new ones, with its members). Records `generation` as read.
    public func replace(with made: [SmartCollection], generation: Int64) throws {
        let madeAt = now().timeIntervalSince1970
        try CollectionError.wrap {
            try database.write { connection in
                let old = try Self.all(connection)
                var removed: [Int: Set<Int>] = [:]
                for row in try connection.query("SELECT collection_id, bookmark_id FROM collection_removed") {
                    removed[try row.int(at: 0), default: []].insert(try row.int(at: 1))
                }
                let matches = Self.match(old: old.map { (id: $0.id, members: Set($0.bookmarkIDs).union(removed[$0.id] ?? [])) },
                                         new: made.map { Set($0.bookmarkIDs) })
                let renamed = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                var position = 0
                var kept = Set<Int>()
                for (index, collection) in made.enumerated() {
                    let id: Int
                    if let oldID = matches[index] {
                        id = oldID
                        let keepName = renamed[oldID]?.renamed == true
                        _ = try connection.run("UPDATE collections SET name = ?, description = ?, position = ? WHERE id = ?", [
                            .text(keepName ? renamed[oldID]?.name ?? collection.name : collection.name),
                            .text(collection.description), .integer(Int64(position)), .integer(Int64(oldID)),
                        ])
                        _ = try connection.run("DELETE FROM collection_members WHERE collection_id = ?", [.integer(Int64(oldID))])
                    } else {
                        _ = try connection.run("INSERT INTO collections (name, description, position, made_at) VALUES (?, ?, ?, ?)", [
                            .text(collection.name), .text(collection.description), .integer(Int64(position)), .real(madeAt),
                        ])
                        id = Int(connection.lastInsertRowID)
                    }
                    kept.insert(id)
                    position += 1
                    let out = removed[id] ?? []
                    for (order, bookmark) in collection.bookmarkIDs.enumerated() where !out.contains(bookmark) {
                        _ = try connection.run("INSERT OR IGNORE INTO collection_members (collection_id, bookmark_id, position) VALUES (?, ?, ?)",
                                               [.integer(Int64(id)), .integer(Int64(bookmark)), .integer(Int64(order))])
                    }
                }
                for collection in old where !kept.contains(collection.id) {
                    if collection.renamed {
                        _ = try connection.run("UPDATE collections SET position = ? WHERE id = ?", [.integer(Int64(position)), .integer(Int64(collection.id))])
                        position += 1
                    } else {
                        _ = try connection.run("DELETE FROM collections WHERE id = ?", [.integer(Int64(collection.id))])
                    }
                }
                _ = try connection.run("INSERT INTO collection_state (key, value) VALUES ('generation', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                                       [.integer(generation)])
            }
        }
    }

    /// For each new collection (by index), the kept collection it continues, if any: pairs overlapping by at least
    /// `sameCollection` (Jaccard), best first, each side used once.
    static func match(old: [(id: Int, members: Set<Int>)], new: [Set<Int>]) -> [Int: Int] {
        var owner: [Int: Int] = [:]
        for (position, collection) in old.enumerated() { for member in collection.members { owner[member] = position } }
        var pairs: [(new: Int, old: Int, score: Double)] = []
        for (index, members) in new.enumerated() {
            var shared: [Int: Int] = [:]
            for member in members { if let position = owner[member] { shared[position, default: 0] += 1 } }
            for (position, count) in shared {
                let union = members.count + old[position].members.count - count
                let score = union > 0 ? Double(count) / Double(union) : 0
                if score >= sameCollection { pairs.append((index, position, score)) }
            }
        }
        pairs.sort { $0.score != $1.score ? $0.score > $1.score : ($0.new, $0.old) < ($1.new, $1.old) }
        var matches: [Int: Int] = [:]
        var taken = Set<Int>()
        for pair in pairs where matches[pair.new] == nil && !taken.contains(pair.old) {
            matches[pair.new] = old[pair.old].id
            taken.insert(pair.old)
        }
        return matches
    }
}
