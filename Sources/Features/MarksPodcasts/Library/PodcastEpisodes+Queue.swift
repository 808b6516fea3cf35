import Foundation
import SQLiteDatabase

/// The play queue: entries with a `queue_order` (0 first, no gaps).
extension PodcastEpisodes {
    /// The queued entries in play order.
    public func queue() throws -> [PodcastEntry] {
        try query("WHERE queue_order IS NOT NULL ORDER BY queue_order", [])
    }

    /// Adds the entry at the end of the queue (where it is, when it is queued already); returns the queue.
    @discardableResult
    public func enqueue(key: String, now: Date) throws -> [PodcastEntry] {
        _ = try update(key) { connection in
            let queued = try connection.queryOne("SELECT queue_order FROM podcast_library WHERE key = ?", [.text(key)])?.optionalInt(at: 0)
            guard queued == nil else { return }
            let next = try connection.queryOne("SELECT COALESCE(MAX(queue_order) + 1, 0) FROM podcast_library")?.int(at: 0) ?? 0
            _ = try connection.run("UPDATE podcast_library SET queue_order = ?, updated_at = ? WHERE key = ?",
                                   [.integer(Int64(next)), .real(now.timeIntervalSince1970), .text(key)])
        }
        return try queue()
    }

    /// Takes the entry out of the queue; returns the queue.
    @discardableResult
    public func dequeue(key: String, now: Date) throws -> [PodcastEntry] {
        _ = try update(key) { connection in
            guard let order = try connection.queryOne("SELECT queue_order FROM podcast_library WHERE key = ?", [.text(key)])?.optionalInt(at: 0) else { return }
            _ = try connection.run("UPDATE podcast_library SET queue_order = NULL, updated_at = ? WHERE key = ?",
                                   [.real(now.timeIntervalSince1970), .text(key)])
            try Self.closeGap(after: order, connection)
        }
        return try queue()
    }

    /// Moves a queued entry to `position` (0 first; past the end means last); returns the queue. An entry not in
    /// the queue is added at that place.
    @discardableResult
    public func move(key: String, to position: Int, now: Date) throws -> [PodcastEntry] {
        _ = try update(key) { connection in
            var keys = try connection.query("SELECT key FROM podcast_library WHERE queue_order IS NOT NULL ORDER BY queue_order").map { try $0.string(at: 0) }
            keys.removeAll { $0 == key }
            keys.insert(key, at: min(max(0, position), keys.count))
            _ = try connection.run("UPDATE podcast_library SET queue_order = NULL WHERE queue_order IS NOT NULL")
            for (index, queued) in keys.enumerated() {
                _ = try connection.run("UPDATE podcast_library SET queue_order = ? WHERE key = ?", [.integer(Int64(index)), .text(queued)])
            }
            _ = try connection.run("UPDATE podcast_library SET updated_at = ? WHERE key = ?", [.real(now.timeIntervalSince1970), .text(key)])
        }
        return try queue()
    }
}
