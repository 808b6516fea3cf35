import Foundation
import HTMLExtraction
import MarksCore
import MarksJobs
import MarksBookmarks
import MarksFetch

/// Favicons, fetched once per site by the job runner (kind `favicon.fetch`, keyed and coalesced by site) through
/// the one `PageFetcher`: the site's front page is read for `<link rel=icon>` (then `/favicon.ico`), and the first
/// candidate that is a raster image of at most 100 KB (`ImageFetcher`) is kept in the `FaviconStore`; when none
/// is, that is remembered too, so a site is not looked at again for a month. The web app serves what is kept.
public struct FaviconService: Sendable {
    /// The job kind's name.
    public static let kind = "favicon.fetch"
    /// Icon candidates tried per site at most.
    static let maximumCandidates = 4

    /// A job whose payload names no http(s) page.
    public struct InvalidOrigin: Error, CustomStringConvertible {
        public var origin: String
        public var description: String { "The favicon job's page is not an http(s) address: \(origin.prefix(200))" }
    }

    /// The job's payload: the site key and the page whose icons are looked for.
    struct Payload: Codable {
        var site: String
        var origin: String
    }

    public let store: FaviconStore
    private let pages: PageFetcher
    private let images: ImageFetcher
    private let now: @Sendable () -> Date

    /// Favicons kept in `store`, fetched with `fetcher`.
    public init(store: FaviconStore, fetcher: PageFetcher, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.pages = fetcher
        self.images = ImageFetcher(fetcher: fetcher)
        self.now = now
    }

    /// The job that fetches the icon of the site of `url`; nil when fetching is off, the URL is not http(s) or the
    /// site is already known.
    public func request(for url: String) throws -> JobRequest? {
        guard pages.policy.enabled, let site = Favicon.site(of: url), store.needsFetch(site, now: now()) else { return nil }
        let scheme = url.lowercased().hasPrefix("https://") ? "https" : "http"
        return try JobRequest(kind: Self.kind, key: site, payload: Payload(site: site, origin: "\(scheme)://\(site)/"), maxAttempts: 1)
    }

    /// The `favicon.fetch` kind for the job runner: two at once; failures are recorded, never retried by the runner.
    public func jobKind() -> JobKind {
        JobKind(Self.kind, concurrency: 2, retry: .job(maxAttempts: 1)) { context in
            let payload = try context.payload(as: Payload.self)
            guard let origin = URL(string: payload.origin), origin.scheme == "http" || origin.scheme == "https" else {
                throw InvalidOrigin(origin: payload.origin)
            }
            _ = try await fetch(site: payload.site, origin: origin)
        }
    }

    /// The sweep's kind name, and the job `marks serve` queues at start.
    public static let sweepKindName = "favicon.sweep"
    public static let sweepJob = JobRequest(kind: sweepKindName, key: "all", maxAttempts: 1)

    /// The `favicon.sweep` kind: queues the icon of every site among `urls()` (the cached bookmarks) that Marks does
    /// not know yet, so a library saved before favicons existed gets them too. Queued by `marks serve` at start.
    public func sweepKind(urls: @escaping @Sendable () throws -> [String], enqueue: @escaping @Sendable (JobRequest) async throws -> Void) -> JobKind {
        JobKind(Self.sweepKindName, retry: .job(maxAttempts: 1)) { context in
            var seen: Set<String> = []
            for url in try urls() {
                try context.checkCancellation()
                guard let request = try request(for: url), seen.insert(request.key).inserted else { continue }
                try await enqueue(request)
            }
            context.report(JobProgress(fraction: 1, text: "\(seen.count) sites queued for their favicons"))
        }
    }

    /// An observer that queues the icon of every site a saved bookmark is on (sites already known are skipped).
    public func observer(enqueue: @escaping @Sendable (JobRequest) async throws -> Void, warn: @escaping @Sendable (String) -> Void) -> LibraryObserver {
        let service = self
        let queue: @Sendable ([Bookmark]) async -> Void = { bookmarks in
            var seen: Set<String> = []
            for bookmark in bookmarks {
                do {
                    guard let request = try service.request(for: bookmark.url), seen.insert(request.key).inserted else { continue }
                    try await enqueue(request)
                } catch {
                    warn("favicon for \(bookmark.url.prefix(200)) not queued: \(error)")
                    return
                }
            }
        }
        return LibraryObserver(saved: queue, archived: { _ in }, unarchived: queue, deleted: { _ in })
    }

    /// Looks for the site's icon now and records what was found (or that nothing was).
    @discardableResult
    public func fetch(site: String, origin: URL) async throws -> FaviconStatus {
        var candidates: [URL] = []
        var reason = "no icon was found"
        do {
            let page = try await pages.fetch(origin)
            if (200...299).contains(page.status), page.isHTML {
                do {
                    candidates = try HTMLDocument(html: page.body, url: page.url).metadata.faviconURLs
                } catch {
                    reason = "the front page could not be read: \(error)"
                }
            }
        } catch FetchError.disabled {
            throw FetchError.disabled
        } catch {
            reason = String(describing: error)
        }
        if let fallback = URL(string: "/favicon.ico", relativeTo: origin)?.absoluteURL, !candidates.contains(fallback) {
            candidates.append(fallback)
        }
        for candidate in candidates.filter({ !$0.path.lowercased().hasSuffix(".svg") }).prefix(Self.maximumCandidates) {
            do {
                let image = try await images.fetch(candidate, maxBytes: ImageFetcher.faviconLimit)
                let favicon = Favicon(contentType: image.contentType, data: image.data, etag: Favicon.etag(for: image.data))
                try store.recordFound(site, favicon, at: now())
                return .found(etag: favicon.etag)
            } catch let error as FetchError where error == .disabled {
                throw error
            } catch {
                reason = String(describing: error)
            }
        }
        let date = now()
        try store.recordMissing(site, reason: reason, at: date)
        return .missing(since: date)
    }
}
