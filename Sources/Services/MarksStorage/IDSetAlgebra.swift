import SQLiteDatabase

/// Matches as plain set algebra over exact id sets: the ids in every one of `all`, minus those in any of `except`.
/// An `and` of indexed parts (a word and a tag) is answered by reading each set once and merging sorted lists here,
/// instead of SQLite building a temporary index of the larger set to probe for every row of the smaller.
struct IDSetAlgebra {
    /// SELECTs of column `id`, each exactly the matches of one part (within the scope's archive state).
    var all: [SQLFragment]
    /// SELECTs of column `id` to subtract (the exact sets of negated parts).
    var except: [SQLFragment]

    /// One fragment naming the whole computation (a memo key; never run).
    var key: SQLFragment {
        SQLFragment(all.map(\.sql).joined(separator: " INTERSECT ") + except.map { " EXCEPT " + $0.sql }.joined(),
                    all.flatMap(\.arguments) + except.flatMap(\.arguments))
    }

    /// The matching ids, ascending.
    func ids(_ db: Connection) throws -> [Int] {
        var sets = try all.map { try Self.read($0, db) }.sorted { $0.count < $1.count }
        guard var result = sets.first else { return [] }
        sets.removeFirst()
        for set in sets where !result.isEmpty { result = Self.intersection(result, set) }
        for fragment in except where !result.isEmpty { result = Self.difference(result, try Self.read(fragment, db)) }
        return result
    }

    /// The ids of one set, ascending and distinct.
    private static func read(_ fragment: SQLFragment, _ db: Connection) throws -> [Int] {
        let statement = try db.prepare(fragment.sql)
        try statement.bind(fragment.arguments)
        var ids: [Int] = []
        var ascending = true
        while let next = try statement.nextInteger() {
            let id = Int(next)
            if let last = ids.last, id <= last { ascending = false }
            ids.append(id)
        }
        if !ascending {
            ids.sort()
            var distinct: [Int] = []
            distinct.reserveCapacity(ids.count)
            for id in ids where distinct.last != id { distinct.append(id) }
            ids = distinct
        }
        return ids
    }

    static func intersection(_ left: [Int], _ right: [Int]) -> [Int] {
        var out: [Int] = []
        var (i, j) = (0, 0)
        while i < left.count, j < right.count {
            if left[i] < right[j] { i += 1 } else if right[j] < left[i] { j += 1 } else {
                out.append(left[i])
                i += 1
                j += 1
            }
        }
        return out
    }

    static func difference(_ left: [Int], _ right: [Int]) -> [Int] {
        var out: [Int] = []
        var j = 0
        for id in left {
            while j < right.count, right[j] < id { j += 1 }
            if j == right.count || right[j] != id { out.append(id) }
        }
        return out
    }
}
