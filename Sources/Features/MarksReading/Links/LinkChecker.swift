import Foundation
import MarksCore
import MarksFetch
import SQLiteDatabase

/// The broken-link check: asks each bookmarked URL with HEAD (then GET when HEAD is not answered with a success,
/// since many sites answer HEAD wrongly) through the one `PageFetcher` (its address checks and limits), follows
/// and records the redirects, classifies the answer (`LinkClassifier`) and keeps the last result per URL in
/// `link_checks` (`marks.sqlite`). Runs over many URLs pace each host as the archive does (`HostPacer`).
public final class LinkChecker: Sendable {
    /// The database the checks live in.
    public let database: Database
    /// Checks in flight at once in a run (the fetcher bounds them too).
    public let parallel: Int
    private let fetcher: PageFetcher
    let now: @Sendable () -> Date
    private let pacer: HostPacer

    /// A URL is checked again this long after its last check (a week).
    public static let recheckAfter: TimeInterval = 7 * 24 * 3600

    /// A checker in `database` (migrations of namespace `links` applied) asking through `fetcher`; checks of one
    /// host start `pacing` apart.
    public init(database: Database, fetcher: PageFetcher, now: @escaping @Sendable () -> Date, pacing: Duration = .seconds(1),
                parallel: Int = 4, sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) throws {
        do {
            _ = try database.migrate(namespace: LinkCheckSchema.namespace, LinkCheckSchema.migrations)
        } catch {
            throw LinkCheckError.storage(String(describing: error))
        }
        self.database = database
        self.fetcher = fetcher
        self.now = now
        self.parallel = max(1, parallel)
        self.pacer = HostPacer(interval: pacing, sleep: sleep)
    }

    /// Whether pages may be fetched at all (`MARKS_FETCH_PAGES=0` turns checks off).
    public var fetchingEnabled: Bool { fetcher.policy.enabled }

    // MARK: - Checking

    /// Checks `url` now and keeps the result. Throws `FetchError.disabled` with fetching off, or a storage error.
    @discardableResult
    public func check(_ url: String) async throws -> LinkCheck {
        let result = try await probe(url)
        try store(result)
        return result
    }

    /// Asks `url` (HEAD, then GET when needed) and classifies the answer, storing nothing.
    public func probe(_ url: String) async throws -> LinkCheck {
        try await examine(url).check
    }

    /// The check of `url`, and whether its host name did not resolve (no request reached any server).
    private func examine(_ url: String) async throws -> (check: LinkCheck, unresolved: Bool) {
        var (answer, unresolved) = try await ask(url, method: "HEAD")
        if LinkClassifier.needsGET(afterHEAD: answer) { (answer, unresolved) = try await ask(url, method: "GET") }
        let status = LinkClassifier.classify(answer, url: url)
        switch answer {
        case .answered(let code, let finalURL, _):
            return (LinkCheck(url: url, status: status, httpStatus: code, finalURL: finalURL, checkedAt: now()), false)
        case .failed:
            return (LinkCheck(url: url, status: status, httpStatus: nil, finalURL: nil, checkedAt: now()), unresolved)
        }
    }

    private func ask(_ url: String, method: String) async throws -> (LinkAnswer, unresolved: Bool) {
        guard let target = URL(string: url) else { return (.failed(.init(.notChecked, "not a URL")), false) }
        do {
            let page = try await fetcher.fetch(target, method: method)
            return (.answered(status: page.status, finalURL: page.url.absoluteString, hops: page.redirects), false)
        } catch FetchError.disabled {
            throw FetchError.disabled
        } catch let error as FetchError {
            let unresolved = if case .unresolvable = error { true } else { false }
            return (.failed(Self.failure(error)), unresolved)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return (.failed(.init(.network, String(describing: error))), false)
        }
    }

    /// What a fetch error says about the link: a name that does not resolve or a refused connection is a dead host.
    static func failure(_ error: FetchError) -> LinkAnswer.Failure {
        switch error {
        case .unresolvable(let host): return .init(.deadHost, "\(host) does not resolve")
        case .network(let network):
            switch network {
            case .hostNotFound, .connectionRefused, .connectFailed: return .init(.deadHost, network.reason)
            case .connectTimedOut, .timedOut, .tooSlow: return .init(.timeout, network.reason)
            default: return .init(.network, network.reason)
            }
        case .timeout, .busy: return .init(.timeout, error.description)
        case .tooManyRedirects: return .init(.redirectLoop, error.description)
        case .invalidURL, .blockedAddress, .disabled, .httpStatus, .offline: return .init(.notChecked, error.description)
        }
    }

    /// Checks `urls` (as given: see `due`), `parallel` at a time, each host paced, keeping each result; reports after
    /// each. Stops early (what was checked kept) when cancelled or when `shouldStop` says so. While no site has
    /// answered, hosts that do not resolve are held back: when `PageArchive.offlineAfter` of them pile up the machine
    /// looks offline, so nothing of theirs is kept and the run throws `FetchError.offline`.
    @discardableResult
    public func check(_ urls: [String], shouldStop: @escaping @Sendable () -> Bool = { false },
                      progress: @escaping @Sendable (_ done: Int, _ total: Int, _ check: LinkCheck) -> Void = { _, _, _ in })
        async throws -> [LinkCheck] {
        guard fetchingEnabled else { throw FetchError.disabled }
        let total = urls.count
        let run = Run()
        try await pacer.run(urls, parallel: parallel, shouldStop: {
            if shouldStop() { return true }
            return await run.offline
        }) { [self] url, host in
            let (result, unresolved) = try await examine(url)
            if unresolved { await pacer.unresolvable(host) }
            let keep = await run.finished(result, unresolvedHost: unresolved ? host : nil)
            try store(keep)
            progress(await run.done, total, result)
        }
        if await run.offline { throw FetchError.offline(unresolvedSites: PageArchive.offlineAfter) }
        let held = await run.releaseHeld()
        try store(held)
        return await run.results
    }

    // MARK: - Results

    /// The last check of `url`, or nil when it was never checked.
    public func result(url: String) throws -> LinkCheck? {
        try results(urls: [url])[url]
    }

    /// The last check of each of `urls` that was checked (one lookup each: a list page's rows).
    public func results(urls: [String]) throws -> [String: LinkCheck] {
        guard !urls.isEmpty else { return [:] }
        return try storage {
            try database.read { connection in
                let statement = try connection.prepare("SELECT * FROM link_checks WHERE url = ?")
                var found: [String: LinkCheck] = [:]
                for url in Set(urls) {
                    try statement.bind([.text(url)])
                    defer { statement.reset() }
                    if let row = try statement.step() { found[url] = try Self.check(row) }
                }
                return found
            }
        }
    }

    /// Every URL whose last check found it broken.
    public func brokenURLs() throws -> Set<String> {
        try storage {
            try database.read { connection in
                Set(try connection.query("SELECT url FROM link_checks WHERE status = 'broken'").map { try $0.string(at: 0) })
            }
        }
    }

    /// The URLs among `urls` a run should check, in their order: never checked, or last checked `recheckAfter` ago or
    /// longer; with `all`, every one. At most `limit`.
    public func due(among urls: [String], all: Bool = false, limit: Int = .max) throws -> [String] {
        let oldest = now().timeIntervalSince1970 - Self.recheckAfter
        return try storage {
            try database.read { connection in
                let statement = try connection.prepare("SELECT checked_at FROM link_checks WHERE url = ?")
                var due: [String] = []
                var seen = Set<String>()
                for url in urls where due.count < limit {
                    guard seen.insert(url).inserted else { continue }
                    if all { due.append(url); continue }
                    try statement.bind([.text(url)])
                    defer { statement.reset() }
                    guard let row = try statement.step() else { due.append(url); continue }
                    if try row.double(at: 0) <= oldest { due.append(url) }
                }
                return due
            }
        }
    }

    /// When the oldest kept check falls due again, if any is kept.
    public func nextDue() throws -> Date? {
        try storage {
            try database.read { connection in
                try connection.queryOne("SELECT MIN(checked_at) FROM link_checks")?.optionalDouble(at: 0)
                    .map { Date(timeIntervalSince1970: $0 + Self.recheckAfter) }
            }
        }
    }

    // MARK: - Storage

    private func store(_ checks: [LinkCheck]) throws {
        guard !checks.isEmpty else { return }
        try storage {
            try database.write { connection in
                for check in checks {
                    _ = try connection.run("""
                        INSERT INTO link_checks (url, status, detail, http_status, final_url, checked_at) VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT (url) DO UPDATE SET status = excluded.status, detail = excluded.detail,
                            http_status = excluded.http_status, final_url = excluded.final_url, checked_at = excluded.checked_at
                        """, [.text(check.url), .text(check.status.kind.rawValue), check.status.detail.map(SQLValue.text) ?? .null,
                              check.httpStatus.map { .integer(Int64($0)) } ?? .null, check.finalURL.map(SQLValue.text) ?? .null,
                              .real(check.checkedAt.timeIntervalSince1970)])
                }
            }
        }
    }

    private func store(_ check: LinkCheck) throws { try store([check]) }

    private static func check(_ row: Row) throws -> LinkCheck {
        guard let status = LinkStatus(kind: try row.string("status"), detail: try row.optionalString("detail")) else {
            throw LinkCheckError.damaged("unknown status for \(try row.string("url").prefix(200)); run marks check-links --all")
        }
        return LinkCheck(url: try row.string("url"), status: status, httpStatus: try row.optionalInt("http_status"),
                         finalURL: try row.optionalString("final_url"), checkedAt: Date(timeIntervalSince1970: try row.double("checked_at")))
    }

    private func storage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LinkCheckError {
            throw error
        } catch {
            throw LinkCheckError.storage(String(describing: error))
        }
    }

    /// What a run did so far; the results of hosts that did not resolve are held while no site has answered.
    private actor Run {
        private(set) var results: [LinkCheck] = []
        private var held: [LinkCheck] = []
        private var unresolved: Set<String> = []
        private var reachedAServer = false
        private(set) var offline = false

        var done: Int { results.count + held.count }

        /// Records `check`; returns what may be kept now (held results too, once a site answered).
        func finished(_ check: LinkCheck, unresolvedHost: String?) -> [LinkCheck] {
            guard let unresolvedHost else {
                results.append(check)
                reachedAServer = true
                return [check] + releaseHeld()
            }
            guard !reachedAServer else {
                results.append(check)
                return [check]
            }
            held.append(check)
            unresolved.insert(unresolvedHost)
            if unresolved.count >= PageArchive.offlineAfter { offline = true }
            return []
        }

        /// The held results, now to be kept (a short run of dead hosts that never made the machine look offline).
        func releaseHeld() -> [LinkCheck] {
            defer { held = [] }
            results += held
            return held
        }
    }
}
