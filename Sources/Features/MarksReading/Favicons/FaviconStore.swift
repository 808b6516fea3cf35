import Foundation
import SQLiteDatabase
import Synchronization

/// The favicons Marks has fetched, one per site, in `marks.sqlite` (`FaviconSchema`), with what is known about
/// every site held in memory as well so that rendering a row asks no database (`status(of:)`).
public final class FaviconStore: Sendable {
    /// A site whose icon was not found is looked at again after this long.
    public static let retryAfter: TimeInterval = 30 * 24 * 3600

    private let database: Database
    private let known: Mutex<[String: FaviconStatus]>

    /// The store in `database`; applies the `favicons` migrations first.
    public init(database: Database) throws {
        self.database = database
        _ = try database.migrate(namespace: FaviconSchema.namespace, FaviconSchema.migrations)
        let rows = try database.read { try $0.query("SELECT site, state, etag, fetched_at FROM favicons") }
        var known: [String: FaviconStatus] = [:]
        for row in rows {
            let site = try row.string("site")
            if try row.string("state") == "found" {
                known[site] = .found(etag: try row.string("etag"))
            } else {
                known[site] = .missing(since: Date(timeIntervalSince1970: try row.double("fetched_at")))
            }
        }
        self.known = Mutex(known)
    }

    /// What is known about the site's icon, from memory.
    public func status(of site: String) -> FaviconStatus? {
        known.withLock { $0[site] }
    }

    /// What is known about each site's icon (nil for none or a site with no record), under one lock: a page of
    /// rows asks once, not once a row (per-row locking from the request threads spun in the lock under load).
    public func statuses(of sites: [String?]) -> [FaviconStatus?] {
        known.withLock { known in sites.map { site in site.flatMap { known[$0] } } }
    }

    /// True when the site has no record, or its icon was missing longer than `retryAfter`.
    public func needsFetch(_ site: String, now: Date) -> Bool {
        switch status(of: site) {
        case nil: true
        case .found: false
        case .missing(let since): now.timeIntervalSince(since) > Self.retryAfter
        }
    }

    /// The stored icon of a site, or nil.
    public func favicon(of site: String) throws -> Favicon? {
        guard case .found = status(of: site) else { return nil }
        let row = try database.read {
            try $0.queryOne("SELECT content_type, data, etag FROM favicons WHERE site = ? AND state = 'found'", [SQLValue(site)])
        }
        guard let row else { return nil }
        return Favicon(contentType: try row.string("content_type"), data: Data(try row.blob("data")), etag: try row.string("etag"))
    }

    /// Keeps the icon found for a site.
    public func recordFound(_ site: String, _ favicon: Favicon, at date: Date) throws {
        try database.write {
            _ = try $0.run("""
                INSERT INTO favicons (site, state, content_type, data, etag, reason, fetched_at) VALUES (?, 'found', ?, ?, ?, NULL, ?)
                ON CONFLICT (site) DO UPDATE SET state = 'found', content_type = excluded.content_type, data = excluded.data,
                    etag = excluded.etag, reason = NULL, fetched_at = excluded.fetched_at
                """, [SQLValue(site), SQLValue(favicon.contentType), .blob([UInt8](favicon.data)), SQLValue(favicon.etag),
                      SQLValue(date.timeIntervalSince1970)])
        }
        known.withLock { $0[site] = .found(etag: favicon.etag) }
    }

    /// Remembers that no icon was found for a site (and why), so it is not looked for on every save.
    public func recordMissing(_ site: String, reason: String, at date: Date) throws {
        try database.write {
            _ = try $0.run("""
                INSERT INTO favicons (site, state, content_type, data, etag, reason, fetched_at) VALUES (?, 'missing', NULL, NULL, NULL, ?, ?)
                ON CONFLICT (site) DO UPDATE SET state = 'missing', content_type = NULL, data = NULL, etag = NULL,
                    reason = excluded.reason, fetched_at = excluded.fetched_at
                """, [SQLValue(site), SQLValue(String(reason.prefix(500))), SQLValue(date.timeIntervalSince1970)])
        }
        known.withLock { $0[site] = .missing(since: date) }
    }
}
