import Foundation
import MarksBookmarks
import MarksCore
import MarksFetch
import SQLiteDatabase

/// Following other sites' feeds: the subscriptions (`feed_subscriptions`) and the items each has shown
/// (`feed_items_seen`) in `marks.sqlite`, and the check that reads a feed through the one `PageFetcher` (its address
/// checks, 5 MB cap and deadline) with a conditional GET (`If-None-Match`, `If-Modified-Since`: a 304 is nothing
/// new), parses it whole (`FeedDocument`) and saves each new item as an unread bookmark through `LibraryService`
/// (so the index, archive and favicon observers hear of it; a URL already bookmarked is left alone), each item
/// exactly once. A failed check keeps its reason (`lastError`) and backs off; the subscription stays.
///
/// The first check of a feed adds at most `firstCheckLimit` of its newest items that pass the rules (the rest are
/// marked seen, so subscribing to a feed of 10,000 items does not flood the library); a later check at most
/// `perCheckLimit`.
public final class FeedSubscriptions: Sendable {
    public let database: Database
    private let fetcher: PageFetcher
    let now: @Sendable () -> Date
    private let pacer: HostPacer
    /// Feeds checked at once in a run.
    public let parallel: Int

    /// A feed is checked again this long after a successful check (an hour).
    public static let checkEvery: TimeInterval = 3600
    /// After failures the wait doubles, up to this (a day).
    public static let longestBackoff: TimeInterval = 24 * 3600
    /// Items the first check of a feed adds at most (its newest).
    public static let firstCheckLimit = 20
    /// Items a later check adds at most (its newest).
    public static let perCheckLimit = 100
    /// Feeds followed at most.
    public static let maximumSubscriptions = 1_000
    static let accept = "application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1"

    /// The subscriptions in `database` (migrations of namespace `subscriptions` applied), fetching through `fetcher`;
    /// checks of feeds on one host start `pacing` apart (measured by `pacingClock`, waited with `sleep`).
    public init(database: Database, fetcher: PageFetcher, now: @escaping @Sendable () -> Date, pacing: Duration = .seconds(2),
                parallel: Int = 2, pacingClock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) throws {
        do {
            _ = try database.migrate(namespace: FeedSubscriptionSchema.namespace, FeedSubscriptionSchema.migrations)
        } catch {
            throw FeedSubscriptionError.storage(String(describing: error))
        }
        self.database = database
        self.fetcher = fetcher
        self.now = now
        self.parallel = max(1, parallel)
        self.pacer = HostPacer(interval: pacing, now: pacingClock, sleep: sleep)
    }

    /// Whether pages may be fetched at all (`MARKS_FETCH_PAGES=0` turns feed checks off).
    public var fetchingEnabled: Bool { fetcher.policy.enabled }

    // MARK: - Subscriptions

    /// Follows `url` with `rules`; due at once. Throws `.invalidURL`, `.duplicate` or a storage error.
    @discardableResult
    public func add(url rawURL: String, title: String = "", rules: FeedRules = FeedRules()) throws -> FeedSubscription {
        let url = try Self.checked(rawURL)
        let created = now()
        return try storage {
            try database.write { connection in
                if let row = try connection.queryOne("SELECT id FROM feed_subscriptions WHERE url = ?", [.text(url)]) {
                    throw FeedSubscriptionError.duplicate(id: try row.int(at: 0))
                }
                let count = try connection.queryOne("SELECT COUNT(*) FROM feed_subscriptions")?.int(at: 0) ?? 0
                guard count < Self.maximumSubscriptions else {
                    throw FeedSubscriptionError.tooMany(Self.maximumSubscriptions)
                }
                _ = try connection.run("""
                    INSERT INTO feed_subscriptions (url, title, rules, next_check, created) VALUES (?, ?, ?, ?, ?)
                    """, [.text(url), .text(String(title.prefix(500))), .text(try Self.encode(rules)),
                          .real(created.timeIntervalSince1970), .real(created.timeIntervalSince1970)])
                return FeedSubscription(id: Int(connection.lastInsertRowID), url: url, title: String(title.prefix(500)), rules: rules,
                                        nextCheck: created, created: created)
            }
        }
    }

    /// Every subscription, oldest first.
    public func all() throws -> [FeedSubscription] {
        try storage {
            try database.read { connection in
                try connection.query("SELECT * FROM feed_subscriptions ORDER BY id").map(Self.subscription)
            }
        }
    }

    /// The subscription `id`; throws `.notFound`.
    public func subscription(id: Int) throws -> FeedSubscription {
        let found = try storage {
            try database.read { connection in
                try connection.queryOne("SELECT * FROM feed_subscriptions WHERE id = ?", [.integer(Int64(id))]).map(Self.subscription)
            }
        }
        guard let found else { throw FeedSubscriptionError.notFound(id) }
        return found
    }

    /// Stops following `id` (its seen items go too; the bookmarks it added stay). Throws `.notFound`.
    public func remove(id: Int) throws {
        let removed = try storage {
            try database.write { connection in
                try connection.transaction {
                    _ = try connection.run("DELETE FROM feed_items_seen WHERE subscription_id = ?", [.integer(Int64(id))])
                    return try connection.run("DELETE FROM feed_subscriptions WHERE id = ?", [.integer(Int64(id))])
                }
            }
        }
        guard removed > 0 else { throw FeedSubscriptionError.notFound(id) }
    }

    /// The subscriptions due now (or every one with `all`), those due longest first.
    public func due(all: Bool = false) throws -> [FeedSubscription] {
        try storage {
            try database.read { connection in
                if all { return try connection.query("SELECT * FROM feed_subscriptions ORDER BY next_check, id").map(Self.subscription) }
                return try connection.query("SELECT * FROM feed_subscriptions WHERE next_check <= ? ORDER BY next_check, id",
                                            [.real(now().timeIntervalSince1970)]).map(Self.subscription)
            }
        }
    }

    /// When the next subscription falls due, if any is followed.
    public func nextDue() throws -> Date? {
        try storage {
            try database.read { connection in
                try connection.queryOne("SELECT MIN(next_check) FROM feed_subscriptions")?.optionalDouble(at: 0).map(Date.init(timeIntervalSince1970:))
            }
        }
    }

    /// How many items of `id` were seen, by outcome (`added`, `existing`, `skipped`, `backlog`).
    public func seenCounts(id: Int) throws -> [String: Int] {
        try storage {
            try database.read { connection in
                var counts: [String: Int] = [:]
                for row in try connection.query("SELECT outcome, COUNT(*) FROM feed_items_seen WHERE subscription_id = ? GROUP BY outcome",
                                                [.integer(Int64(id))]) {
                    counts[try row.string(at: 0)] = try row.int(at: 1)
                }
                return counts
            }
        }
    }

    // MARK: - Checking

    /// Checks each of `subscriptions` (`parallel` hosts at a time, one request per host at a time, a host's checks
    /// `pacing` apart), adding new items to `library`; reports
    /// after each. A feed that fails is a result with its reason, never an error of the run; the run throws only when
    /// fetching is off, when cancelled, or when `marks.sqlite` fails.
    @discardableResult
    public func check(_ subscriptions: [FeedSubscription], into library: LibraryService, shouldStop: @escaping @Sendable () -> Bool = { false },
                      progress: @escaping @Sendable (_ done: Int, _ total: Int, _ check: FeedCheck) -> Void = { _, _, _ in }) async throws -> [FeedCheck] {
        guard fetchingEnabled else { throw FetchError.disabled }
        // One worker per host at a time: the run hands out each host's first feed, and the worker that takes it checks
        // that host's feeds one after another, each waiting its turn (`pacing` after the one before).
        var byHost: [String: [FeedSubscription]] = [:]
        var firsts: [String] = []
        for subscription in subscriptions {
            let host = URL(string: subscription.url)?.host?.lowercased() ?? ""
            if byHost[host] == nil { firsts.append(subscription.url) }
            byHost[host, default: []].append(subscription)
        }
        let queued = byHost
        let results = Results()
        try await pacer.run(firsts, parallel: parallel, shouldStop: { shouldStop() }) { [self] _, host in
            for (index, subscription) in (queued[host] ?? []).enumerated() {
                if index > 0 {
                    guard !shouldStop() else { return }
                    try await pacer.turn(host)
                }
                let result = try await check(subscription, into: library)
                let done = await results.append(result)
                progress(done, subscriptions.count, result)
            }
        }
        return await results.all
    }

    /// Checks one feed now and adds its new items to `library`. A failure is recorded on the subscription (and
    /// returned); only a storage failure, cancellation or fetching being off throws.
    @discardableResult
    public func check(_ subscription: FeedSubscription, into library: LibraryService) async throws -> FeedCheck {
        let document: FeedDocument
        let page: FetchedPage
        do {
            (page, document) = try await read(subscription)
        } catch let error as FeedSubscriptionError {
            if case .storage = error { throw error }
            return try failed(subscription, error.description)
        } catch FetchError.disabled {
            throw FetchError.disabled
        } catch let error as FetchError {
            return try failed(subscription, error.description)
        } catch NotModified.notModified(let fetched) {
            try succeeded(subscription, page: fetched, title: nil, added: 0)
            return FeedCheck(subscriptionID: subscription.id, url: subscription.url, notModified: true)
        }
        return try await add(document, of: subscription, page: page, into: library)
    }

    private enum NotModified: Error { case notModified(FetchedPage) }

    /// Fetches and reads the feed whole; throws `NotModified` on a 304.
    private func read(_ subscription: FeedSubscription) async throws -> (FetchedPage, FeedDocument) {
        guard let url = URL(string: subscription.url) else { throw FeedSubscriptionError.invalidURL(subscription.url) }
        var headers: [String: String] = [:]
        if let etag = subscription.etag { headers["If-None-Match"] = etag }
        if let lastModified = subscription.lastModified { headers["If-Modified-Since"] = lastModified }
        let page = try await fetcher.fetch(url, maxBytes: FeedDocument.maximumBytes, accept: Self.accept, headers: headers)
        if page.status == 304 { throw NotModified.notModified(page) }
        guard (200...299).contains(page.status) else { throw FeedSubscriptionError.fetch("The feed answered HTTP \(page.status).") }
        if page.truncated {
            throw FeedSubscriptionError.notAFeed("the answer is larger than \(FeedDocument.maximumBytes >> 20) MB (cut off there, nothing read)")
        }
        if let problem = Self.typeProblem(page.contentType) { throw FeedSubscriptionError.notAFeed(problem) }
        let document = try FeedDocument(bytes: [UInt8](page.body), url: page.url)
        return (page, document)
    }

    /// Why a declared content type is not a feed's, or nil (XML of any kind, RSS, Atom; plain text, bytes or no type
    /// are read and judged by their content).
    static func typeProblem(_ contentType: String?) -> String? {
        guard let declared = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased(),
              !declared.isEmpty else { return nil }
        if declared.contains("xml") || declared.contains("rss") || declared.contains("atom") || declared == "text/plain"
            || declared == "application/octet-stream" { return nil }
        return "the address answered with \(declared.prefix(80)), not RSS or Atom"
    }

    /// Adds the new items of `document`, records each as seen, and the check as a success.
    private func add(_ document: FeedDocument, of subscription: FeedSubscription, page: FetchedPage, into library: LibraryService) async throws -> FeedCheck {
        let seen = try seenKeys(subscription.id)
        let firstCheck = seen.isEmpty
        var fresh: [FeedEntry] = []
        var keys = Set<String>()
        for entry in document.entries where !seen.contains(entry.key) && keys.insert(entry.key).inserted {
            fresh.append(entry)
        }
        let time = now()
        var leftOut: [(FeedEntry, String)] = []
        var candidates: [(offset: Int, entry: FeedEntry)] = []
        for (offset, entry) in fresh.enumerated() {
            if subscription.rules.rejection(of: entry, now: time) != nil { leftOut.append((entry, "skipped")) } else { candidates.append((offset, entry)) }
        }
        // Newest first (undated items keep the feed's order after the dated ones of the same rank).
        candidates.sort { left, right in
            switch (left.entry.published, right.entry.published) {
            case let (l?, r?) where l != r: return l > r
            case (.some, .none): return true
            case (.none, .some): return false
            default: return left.offset < right.offset
            }
        }
        let limit = firstCheck ? Self.firstCheckLimit : Self.perCheckLimit
        for candidate in candidates.dropFirst(limit) { leftOut.append((candidate.entry, "backlog")) }
        try markSeen(subscription.id, leftOut)
        var existing = Set(try library.cache?.urls(archived: nil) ?? [])
        var added: [String] = []
        var skipped = leftOut.count
        // Oldest first, so the newest item is the newest bookmark.
        for candidate in candidates.prefix(limit).reversed() {
            try Task.checkCancellation()
            let entry = candidate.entry
            if existing.contains(entry.link) {
                try markSeen(subscription.id, [(entry, "existing")])
                skipped += 1
                continue
            }
            do {
                let request = AddBookmarkRequest(url: entry.link, title: entry.title.isEmpty ? entry.link : entry.title,
                                                 description: entry.summary, tags: subscription.rules.tags, unread: true)
                let result = try await library.add(request)
                existing.insert(result.bookmark.url)
                existing.insert(entry.link)
                try markSeen(subscription.id, [(entry, result.existed ? "existing" : "added")])
                if result.existed { skipped += 1 } else { added.append(entry.link) }
            } catch let error as FeedSubscriptionError {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                // What was added stays recorded; this item and the rest are tried again at the next check.
                try record(subscription, added: added.count)
                return try failed(subscription, "Saving \(entry.link.prefix(200)) failed: \(error)", added: added, skipped: skipped)
            }
        }
        try succeeded(subscription, page: page, title: document.title, added: added.count)
        return FeedCheck(subscriptionID: subscription.id, url: subscription.url, added: added, skipped: skipped)
    }

    // MARK: - Storage

    private func seenKeys(_ id: Int) throws -> Set<String> {
        try storage {
            try database.read { connection in
                Set(try connection.query("SELECT item_key FROM feed_items_seen WHERE subscription_id = ?", [.integer(Int64(id))])
                    .map { try $0.string(at: 0) })
            }
        }
    }

    private func markSeen(_ id: Int, _ entries: [(FeedEntry, String)]) throws {
        guard !entries.isEmpty else { return }
        let time = now().timeIntervalSince1970
        try storage {
            try database.write { connection in
                try connection.transaction {
                    let statement = try connection.prepare("""
                        INSERT OR IGNORE INTO feed_items_seen (subscription_id, item_key, outcome, url, seen_at) VALUES (?, ?, ?, ?, ?)
                        """)
                    for (entry, outcome) in entries {
                        try statement.bind([.integer(Int64(id)), .text(entry.key), .text(outcome), .text(entry.link), .real(time)])
                        defer { statement.reset() }
                        _ = try statement.step()
                    }
                }
            }
        }
    }

    /// Counts bookmarks added by a check that then failed.
    private func record(_ subscription: FeedSubscription, added: Int) throws {
        guard added > 0 else { return }
        try storage {
            try database.write { connection in
                _ = try connection.run("UPDATE feed_subscriptions SET items_added = items_added + ? WHERE id = ?",
                                       [.integer(Int64(added)), .integer(Int64(subscription.id))])
            }
        }
    }

    private func succeeded(_ subscription: FeedSubscription, page: FetchedPage, title: String?, added: Int) throws {
        let time = now()
        // A 304 may leave out the validators: keep the ones that matched.
        let etag = page.status == 304 ? page.headers["ETag"] ?? subscription.etag : page.headers["ETag"]
        let lastModified = page.status == 304 ? page.headers["Last-Modified"] ?? subscription.lastModified : page.headers["Last-Modified"]
        try storage {
            try database.write { connection in
                _ = try connection.run("""
                    UPDATE feed_subscriptions SET title = CASE WHEN ? = '' THEN title ELSE ? END, etag = ?, last_modified = ?,
                        last_checked = ?, last_error = NULL, failures = 0, next_check = ?, items_added = items_added + ? WHERE id = ?
                    """, [.text(String((title ?? "").prefix(500))), .text(String((title ?? "").prefix(500))),
                          etag.map { .text(String($0.prefix(500))) } ?? .null, lastModified.map { .text(String($0.prefix(100))) } ?? .null,
                          .real(time.timeIntervalSince1970), .real(time.addingTimeInterval(Self.checkEvery).timeIntervalSince1970),
                          .integer(Int64(added)), .integer(Int64(subscription.id))])
            }
        }
    }

    private func failed(_ subscription: FeedSubscription, _ reason: String, added: [String] = [], skipped: Int = 0) throws -> FeedCheck {
        let time = now()
        let failures = subscription.failures + 1
        let wait = min(Self.checkEvery * pow(2, Double(min(failures - 1, 10))), Self.longestBackoff)
        try storage {
            try database.write { connection in
                _ = try connection.run("""
                    UPDATE feed_subscriptions SET last_checked = ?, last_error = ?, failures = ?, next_check = ? WHERE id = ?
                    """, [.real(time.timeIntervalSince1970), .text(String(reason.prefix(1_000))), .integer(Int64(failures)),
                          .real(time.addingTimeInterval(wait).timeIntervalSince1970), .integer(Int64(subscription.id))])
            }
        }
        return FeedCheck(subscriptionID: subscription.id, url: subscription.url, added: added, skipped: skipped, error: reason)
    }

    static func checked(_ raw: String) throws(FeedSubscriptionError) -> String {
        let url = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard url.utf8.count <= 2_000, let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
              scheme == "http" || scheme == "https", parsed.host?.isEmpty == false else { throw .invalidURL(raw) }
        return url
    }

    private static func encode(_ rules: FeedRules) throws -> String {
        String(decoding: try JSONEncoder().encode(rules), as: UTF8.self)
    }

    private static func subscription(_ row: Row) throws -> FeedSubscription {
        let rules: FeedRules
        do {
            rules = try JSONDecoder().decode(FeedRules.self, from: Data(try row.string("rules").utf8))
        } catch {
            // A damaged row is said, not read as "no rules" (which would save items its rules leave out).
            throw FeedSubscriptionError.storage("feed \((try? row.int("id")) ?? 0)'s rules cannot be read: \(error)")  // safe: the id only names the row in the message
        }
        return FeedSubscription(
            id: try row.int("id"), url: try row.string("url"), title: try row.string("title"), rules: rules,
            etag: try row.optionalString("etag"), lastModified: try row.optionalString("last_modified"),
            lastChecked: try row.optionalDouble("last_checked").map(Date.init(timeIntervalSince1970:)),
            lastError: try row.optionalString("last_error"), failures: try row.int("failures"),
            nextCheck: Date(timeIntervalSince1970: try row.double("next_check")), itemsAdded: try row.int("items_added"),
            created: Date(timeIntervalSince1970: try row.double("created")))
    }

    private func storage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as FeedSubscriptionError {
            throw error
        } catch {
            throw FeedSubscriptionError.storage(String(describing: error))
        }
    }

    /// The results of a run so far.
    private actor Results {
        private(set) var all: [FeedCheck] = []

        func append(_ check: FeedCheck) -> Int {
            all.append(check)
            return all.count
        }
    }
}
