import Foundation
import HTMLExtraction
import MarksCore
import MarksIndex
import SQLiteDatabase
import MarksFetch

/// The page-text archive: each bookmarked page fetched once through the one `PageFetcher` (its address checks,
/// size and time limits), reduced to its readable article with the structure kept, and kept in `archive_pages`
/// (`marks.sqlite`), so the reader works offline and Ask has the text to cite. The reader reads through it
/// (`article(for:)`: the stored text, else a fetch that is stored); the `archive.text` job fills it in the
/// background, paced per host; `refetch` fetches again on demand. Every stored text is handed to `didStore` (the
/// search index cuts it into passages).
public final class PageArchive: Sendable {
    /// The database the archive lives in.
    public let database: Database
    /// Fetches in flight at once in a run (the fetcher bounds them too).
    public let parallel: Int
    private let reader: ArticleReader
    private let fetcher: PageFetcher
    private let now: @Sendable () -> Date
    private let pacer: HostPacer
    let didStore: @Sendable ([StoredText]) async -> Void

    /// A page's archived text as the index takes it: its URL, a version that changes with every new fetch, and
    /// its headings and paragraphs.
    public struct StoredText: Sendable, Equatable {
        public var url: String
        public var version: String
        public var blocks: [PassageBlock]
        /// When the text was fetched, when that was not just now (a text put back from an export).
        public var fetchedAt: Date? = nil
    }

    /// Failed pages are tried again by the sweep this long after (doubling per attempt), up to `maximumAttempts`.
    static let retryDelay: TimeInterval = 3600
    static let maximumAttempts = 3

    /// An archive in `database` (migrations of namespace `archive` applied) fetching with `fetcher`; pages on one
    /// host start `pacing` apart; `didStore` hears of every text stored.
    public init(database: Database, fetcher: PageFetcher, now: @escaping @Sendable () -> Date, pacing: Duration = .seconds(1),
                parallel: Int = 4, sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                didStore: @escaping @Sendable ([StoredText]) async -> Void = { _ in }) throws {
        do {
            _ = try database.migrate(namespace: PageArchiveSchema.namespace, PageArchiveSchema.migrations)
        } catch {
            throw PageArchiveError.storage(String(describing: error))
        }
        self.database = database
        self.fetcher = fetcher
        self.reader = ArticleReader(fetcher: fetcher)
        self.now = now
        self.parallel = max(1, parallel)
        self.pacer = HostPacer(interval: pacing, sleep: sleep)
        self.didStore = didStore
    }

    /// Whether pages may be fetched at all (`MARKS_FETCH_PAGES=0` turns it off).
    public var fetchingEnabled: Bool { fetcher.policy.enabled }

    // MARK: - Reading

    /// The reader's text for `url`: the archived article when there is one (no network), else the page fetched,
    /// read and archived now. Throws `FetchError` or `ArticleReader.ReadError` when it cannot be read.
    public func article(for url: String) async throws -> ReadableArticle {
        if let stored = try page(url: url)?.article { return stored }
        return try await fetch(url)
    }

    /// What the archive holds for `url`, or nil.
    public func page(url: String) throws -> ArchivedPage? {
        try storage {
            try database.read { connection in
                try connection.queryOne("SELECT * FROM archive_pages WHERE url = ?", [.text(url)]).map(Self.page)
            }
        }
    }

    /// The version of each stored text among `urls` (urls without stored text are left out).
    public func versions(urls: [String]) throws -> [String: String] {
        guard !urls.isEmpty else { return [:] }
        return try storage {
            try database.read { connection in
                let statement = try connection.prepare("SELECT id, fetched_at FROM archive_pages WHERE url = ? AND state = 'stored'")
                var found: [String: String] = [:]
                for url in Set(urls) {
                    try statement.bind([.text(url)])
                    if let row = try statement.step() { found[url] = Self.version(id: try row.int(at: 0), fetchedAt: try row.double(at: 1)) }
                    statement.reset()
                }
                return found
            }
        }
    }

    /// The words of each stored text among `urls` (without reading the texts; urls without one are left out).
    public func wordCounts(urls: [String]) throws -> [String: Int] {
        guard !urls.isEmpty else { return [:] }
        return try storage {
            try database.read { connection in
                let statement = try connection.prepare("SELECT word_count FROM archive_pages WHERE url = ? AND state = 'stored'")
                var found: [String: Int] = [:]
                for url in Set(urls) {
                    try statement.bind([.text(url)])
                    if let row = try statement.step() { found[url] = try row.int(at: 0) }
                    statement.reset()
                }
                return found
            }
        }
    }

    /// The stored text of `url` as headings and paragraphs, with its version; nil when none is stored.
    public func text(url: String) throws -> StoredText? {
        guard let page = try page(url: url), page.state == .stored, let content = page.content else { return nil }
        return try StoredText(url: url, version: storedVersion(url) ?? "", blocks: ArticleBlocks.blocks(of: content.tokens))
    }

    private func storedVersion(_ url: String) throws -> String? {
        try versions(urls: [url])[url]
    }

    static func version(id: Int, fetchedAt: Double) -> String { "\(id)@\(fetchedAt)" }

    // MARK: - Fetching

    /// Fetches `url` now (whatever the archive holds) and stores what it read; a failure is recorded (a page that
    /// was stored before keeps its text) and thrown.
    @discardableResult
    public func refetch(_ url: String) async throws -> ReadableArticle {
        try await fetch(url)
    }

    private func fetch(_ url: String) async throws -> ReadableArticle {
        let article: ReadableArticle
        do {
            article = try await reader.read(url)
        } catch FetchError.disabled {
            throw FetchError.disabled
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            try recordFailure(url, error: error)
            throw error
        }
        let tokens = article.content?.tokens ?? ArticleBlocks.tokens(paragraphs: article.paragraphs)
        let content = article.content ?? ArticleContent(title: article.title, tokens: tokens, wordCount: article.wordCount, imageCount: 0)
        let stored = try store(url, finalURL: article.url, title: article.title, content: content)
        await didStore([stored])
        return ArchivedPage(url: url, state: .stored, finalURL: article.url, title: article.title, content: content,
                            fetchedAt: now()).article ?? article
    }

    /// Stores `content` as `url`'s text, fetched at `fetchedAt` (default: now), replacing what was there.
    func store(_ url: String, finalURL: String, title: String?, content: ArticleContent, fetchedAt: Date? = nil) throws -> StoredText {
        let encoded = try ArticleTokenCoding.encode(content.tokens)
        let fetchedAt = (fetchedAt ?? now()).timeIntervalSince1970
        let id = try storage {
            try database.write { connection in
                try connection.queryOne("""
                    INSERT INTO archive_pages (url, state, final_url, title, content, word_count, error, attempts, fetched_at, retry_after)
                    VALUES (?, 'stored', ?, ?, ?, ?, NULL, 1, ?, NULL)
                    ON CONFLICT (url) DO UPDATE SET state = 'stored', final_url = excluded.final_url, title = excluded.title,
                        content = excluded.content, word_count = excluded.word_count, error = NULL, attempts = 1,
                        fetched_at = excluded.fetched_at, retry_after = NULL
                    RETURNING id
                    """, [.text(url), .text(finalURL), title.map(SQLValue.text) ?? .null, .text(encoded),
                          .integer(Int64(content.wordCount)), .real(fetchedAt)])?.int(at: 0) ?? 0
            }
        }
        return StoredText(url: url, version: Self.version(id: id, fetchedAt: fetchedAt), blocks: ArticleBlocks.blocks(of: content.tokens))
    }

    /// Records why `url` could not be read: a page with stored text keeps it; otherwise the failure, with the next
    /// try due after a doubling delay while the error may pass (network, time, 5xx, 429).
    private func recordFailure(_ url: String, error: any Error) throws {
        let message = String(String(describing: error).prefix(500))
        let current = now().timeIntervalSince1970
        try storage {
            try database.write { connection in
                let previous = try connection.queryOne("SELECT state, attempts FROM archive_pages WHERE url = ?", [.text(url)])
                if let previous, try previous.string(at: 0) == ArchivedPage.State.stored.rawValue { return }
                let attempts = (try previous?.int(at: 1) ?? 0) + 1
                let retry: SQLValue = Self.mayPass(error) && attempts < Self.maximumAttempts
                    ? .real(current + Self.retryDelay * pow(2, Double(attempts - 1))) : .null
                _ = try connection.run("""
                    INSERT INTO archive_pages (url, state, error, attempts, fetched_at, retry_after) VALUES (?, 'failed', ?, ?, ?, ?)
                    ON CONFLICT (url) DO UPDATE SET state = 'failed', error = excluded.error, attempts = excluded.attempts,
                        fetched_at = excluded.fetched_at, retry_after = excluded.retry_after
                    """, [.text(url), .text(message), .integer(Int64(attempts)), .real(current), retry])
            }
        }
    }

    /// Whether trying again later may succeed: the network, the deadline, a busy fetcher or a server error.
    static func mayPass(_ error: any Error) -> Bool {
        switch error {
        case FetchError.network, FetchError.timeout, FetchError.busy, FetchError.unresolvable: return true
        case FetchError.httpStatus(let status), ArticleReader.ReadError.httpStatus(let status):
            return status >= 500 || status == 429 || status == 408
        default: return false
        }
    }

    // MARK: - Runs over many pages

    /// Whether any of `urls` has never been fetched (what the save observer asks before queueing the sweep).
    public func hasUnfetched(_ urls: [String]) throws -> Bool {
        try storage {
            try database.read { connection in
                let statement = try connection.prepare("SELECT 1 FROM archive_pages WHERE url = ?")
                for url in Set(urls) {
                    try statement.bind([.text(url)])
                    defer { statement.reset() }
                    if try statement.step() == nil { return true }
                }
                return false
            }
        }
    }

    /// The URLs among `urls` whose readable text is kept (one lookup each: a list page's rows); `titled`: only those
    /// whose page has a title.
    public func storedURLs(among urls: [String], titled: Bool = false) throws -> Set<String> {
        try storage {
            try database.read { connection in
                let statement = try connection.prepare("SELECT 1 FROM archive_pages WHERE url = ? AND state = 'stored'"
                                                        + (titled ? " AND trim(coalesce(title, '')) <> ''" : ""))
                var stored = Set<String>()
                for url in Set(urls) {
                    try statement.bind([.text(url)])
                    defer { statement.reset() }
                    if try statement.step() != nil { stored.insert(url) }
                }
                return stored
            }
        }
    }

    /// When the next failed page is due for another try, if any is.
    public func nextRetry() throws -> Date? {
        try storage {
            try database.read { connection in
                try connection.queryOne("SELECT MIN(retry_after) FROM archive_pages WHERE state = 'failed' AND retry_after IS NOT NULL")?
                    .optionalDouble(at: 0).map { Date(timeIntervalSince1970: $0) }
            }
        }
    }

    /// The URLs among `urls` the sweep should fetch, in their order: never fetched, or failed and due again; with
    /// `refetchAll`, every one of them. With `limit`, it stops after `limit` of them — the sweep takes a few hundred a
    /// run, and a library's new bookmarks come first, so a run on 100,000 bookmarks need not look up every one.
    public func due(among urls: [String], refetchAll: Bool = false, limit: Int = .max) throws -> [String] {
        guard !refetchAll else { return Array(Self.unique(urls).prefix(limit)) }
        let current = now().timeIntervalSince1970
        return try storage {
            try database.read { connection in
                let statement = try connection.prepare("SELECT state, retry_after FROM archive_pages WHERE url = ?")
                var due: [String] = []
                var seen = Set<String>()  // only as far as the look goes, not the whole list
                for url in urls where due.count < limit {
                    guard seen.insert(url).inserted else { continue }
                    try statement.bind([.text(url)])
                    defer { statement.reset() }
                    guard let row = try statement.step() else { due.append(url); continue }
                    if try row.string(at: 0) == ArchivedPage.State.stored.rawValue { continue }
                    if try row.optionalDouble(at: 1).map({ $0 <= current }) ?? false { due.append(url) }
                }
                return due
            }
        }
    }

    /// Sites that do not resolve, with no page of the run having reached any server, before the run decides the
    /// network is unreachable and stops, so pages are not marked failed (and their tries used up) one by one while
    /// the machine is offline. (Once anything answered, dead domains are the sites' problem: the run goes on.)
    public static let offlineAfter = 8

    /// Fetches `urls` (as given: see `due`), `parallel` at a time, each host paced; reports after each page.
    /// Returns how many were stored and the failures. Stops early (what was stored kept) when cancelled or when
    /// `shouldStop` says so; throws `FetchError.offline` when `offlineAfter` sites did not resolve before any page reached a server.
    public func archive(_ urls: [String], shouldStop: @escaping @Sendable () -> Bool = { false },
                        progress: @escaping @Sendable (_ done: Int, _ total: Int, _ url: String) -> Void = { _, _, _ in })
        async throws -> (stored: Int, failed: [ArchiveReport.Failure]) {
        guard fetchingEnabled else { throw FetchError.disabled }
        let total = urls.count
        let results = Results()
        try await pacer.run(urls, parallel: parallel, shouldStop: {
            if shouldStop() { return true }
            return await results.offline
        }) { [self] url, host in
            do {
                _ = try await fetch(url)
                let done = await results.stored()
                progress(done, total, url)
            } catch FetchError.disabled {
                throw FetchError.disabled
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                let unresolved = if case FetchError.unresolvable = error { true } else { false }
                if unresolved { await pacer.unresolvable(host) }
                let failure = try page(url: url)
                let done = await results.failed(ArchiveReport.Failure(
                    url: url, error: failure?.error ?? String(describing: error), attempts: failure?.attempts ?? 1,
                    retried: failure?.retryAfter != nil), host: unresolved ? host : nil)
                progress(done, total, url)
            }
        }
        if await results.offline { throw FetchError.offline(unresolvedSites: Self.offlineAfter) }
        return await results.summary()
    }

    /// Where the archive stands for `urls`.
    public func report(for urls: [String], fetched: Int = 0) throws -> ArchiveReport {
        let unique = Self.unique(urls)
        let pages = try storage {
            try database.read { connection -> [ArchivedPage] in
                let statement = try connection.prepare(
                    "SELECT id, url, state, final_url, title, NULL AS content, word_count, error, attempts, fetched_at, retry_after FROM archive_pages WHERE url = ?")
                var found: [ArchivedPage] = []
                for url in unique {
                    try statement.bind([.text(url)])
                    if let row = try statement.step() { found.append(try Self.page(row)) }
                    statement.reset()
                }
                return found
            }
        }
        let stored = pages.filter { $0.state == .stored }.count
        let failures = pages.filter { $0.state == .failed }.map {
            ArchiveReport.Failure(url: $0.url, error: $0.error ?? "", attempts: $0.attempts, retried: $0.retryAfter != nil)
        }
        return ArchiveReport(total: unique.count, stored: stored, pending: unique.count - pages.count + failures.filter(\.retried).count,
                             failures: failures, fetched: fetched, fetchingOff: !fetchingEnabled)
    }

    // MARK: - Helpers

    private static func unique(_ urls: [String]) -> [String] {
        var seen = Set<String>()
        return urls.filter { seen.insert($0).inserted }
    }

    /// Round-robin over hosts, so parallel fetches go to different hosts while one host waits its turn.
    public static func interleavedByHost(_ urls: [String]) -> [String] {
        var order: [String] = []
        var byHost: [String: [String]] = [:]
        for url in urls {
            let host = URL(string: url)?.host?.lowercased() ?? ""
            if byHost[host] == nil { order.append(host) }
            byHost[host, default: []].append(url)
        }
        var result: [String] = []
        result.reserveCapacity(urls.count)
        var round = 0
        while result.count < urls.count {
            for host in order where round < byHost[host, default: []].count {
                result.append(byHost[host, default: []][round])
            }
            round += 1
        }
        return result
    }

    private static func page(_ row: Row) throws -> ArchivedPage {
        let content = try row.optionalString("content").map { text in
            ArticleContent(title: try row.optionalString("title"), tokens: ArticleToken.withoutPermalinks(try ArticleTokenCoding.decode(text)),
                           wordCount: try row.int("word_count"), imageCount: 0)
        }
        guard let state = ArchivedPage.State(rawValue: try row.string("state")) else {
            throw PageArchiveError.damaged("An archived page has an unknown state; fetch it again with marks archive-text --all.")
        }
        return ArchivedPage(url: try row.string("url"), state: state,
                            finalURL: try row.optionalString("final_url"), title: try row.optionalString("title"), content: content,
                            error: try row.optionalString("error"), attempts: try row.int("attempts"),
                            fetchedAt: Date(timeIntervalSince1970: try row.double("fetched_at")),
                            retryAfter: try row.optionalDouble("retry_after").map { Date(timeIntervalSince1970: $0) })
    }

    func storage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ArticleTokenCoding.Damaged {
            throw PageArchiveError.damaged(error.description)
        } catch let error as PageArchiveError {
            throw error
        } catch {
            throw PageArchiveError.storage(String(describing: error))
        }
    }

    /// What a run did so far.
    private actor Results {
        private var storedCount = 0
        private var failures: [ArchiveReport.Failure] = []
        /// Distinct hosts that did not resolve while no page reached a server.
        private var unresolved: Set<String> = []
        private var reachedAServer = false
        private(set) var offline = false
        func stored() -> Int {
            storedCount += 1
            reachedAServer = true
            return storedCount + failures.count
        }
        /// A failed page; `host` when its name did not resolve.
        func failed(_ failure: ArchiveReport.Failure, host: String?) -> Int {
            failures.append(failure)
            if let host {
                if !reachedAServer { unresolved.insert(host) }
                if unresolved.count >= PageArchive.offlineAfter, !reachedAServer { offline = true }
            } else {
                reachedAServer = true
            }
            return storedCount + failures.count
        }
        func summary() -> (stored: Int, failed: [ArchiveReport.Failure]) { (storedCount, failures) }
    }
}

extension PageArchive {
    /// The archive as the search index reads it: stored versions, and a stored text's headings and paragraphs.
    public var pageTexts: SearchIndex.PageTexts {
        SearchIndex.PageTexts(versions: { try self.versions(urls: $0) },
                              text: { url in try self.text(url: url).map { ($0.version, $0.blocks) } })
    }
}
