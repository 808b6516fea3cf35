import CryptoPrimitives
import Foundation
import HTTPServer
import MarksAccess
import MarksCore
import MarksPodcasts
#if canImport(Glibc)
import Glibc
#endif

/// The private podcast feed at `/feed/<secret>/`, outside the web app's sign-in (podcast apps send no cookies):
/// `podcast.xml` (RSS 2.0 + itunes, `PodcastFeed`), `cover.png` (the channel's generated cover) and
/// `episodes/<key>.mp3` (each ready episode through `HTTPResponse.file`: HEAD, Range, several ranges, 416).
///
/// Every request below `/feed` first checks the secret (one read of the stored one, digests compared in constant
/// time), whatever the rest of the path, so a wrong or rotated secret and an unknown path get the same 404 after
/// the same work: the answer says nothing about which part was wrong.
public struct PodcastFeedResponder: HTTPResponder {
    /// What the channel says about itself.
    public struct Settings: Sendable {
        public var title = "Marks"
        public var description = "Articles and sources from your Marks library, read aloud. This feed is private: "
            + "its address is the key, so share it with no one."
        public var language = "en"
        public var category = "Technology"
        /// The configured public URL (`public_url`); nil builds URLs from the request's Host.
        public var publicURL: String?
        /// The base when neither a public URL nor a usable Host is known.
        public var fallbackBase = "http://127.0.0.1:8080"

        /// The defaults.
        public init(publicURL: String? = nil) {
            self.publicURL = publicURL
        }
    }

    /// Where the episodes come from (`Episodes.library(_:)`: the podcast library's ready ones).
    public struct Episodes: Sendable {
        /// The ready episodes, newest first.
        public var ready: @Sendable () throws -> [FeedEpisode]
        /// The ready episode with a key, if any.
        public var byKey: @Sendable (String) throws -> FeedEpisode?

        /// Episodes from two closures.
        public init(ready: @escaping @Sendable () throws -> [FeedEpisode], byKey: @escaping @Sendable (String) throws -> FeedEpisode?) {
            self.ready = ready
            self.byKey = byKey
        }

        /// A fixed list (tests, and a server without a podcast library: the empty feed).
        public static func fixed(_ episodes: [FeedEpisode]) -> Episodes {
            Episodes(ready: { episodes }, byKey: { key in episodes.first { $0.key == key } })
        }
    }

    private let secrets: FeedSecrets
    private let episodes: Episodes
    private let settings: Settings
    private let cover: Data?

    /// A feed over `episodes`, guarded by `secrets`.
    public init(secrets: FeedSecrets, settings: Settings = Settings(), episodes: Episodes) {
        self.secrets = secrets
        self.episodes = episodes
        self.settings = settings
        do {
            cover = try CoverCard.png(for: settings.title)
        } catch {
            cover = nil  // zlib refused the card: `cover.png` is a 404 and podcast apps show their own placeholder
        }
    }

    /// Mounts the feed at `/feed` of `router`.
    public func register(on router: inout Router) {
        router.mount("/feed", self)
    }

    /// The one answer for every address that does not lead to something: no page, no hint.
    static let notFound = HTTPResponse(
        status: 404, headers: ["Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"],
        body: .bytes(Data("Nothing is found at this address.\n".utf8)))

    public func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        var response = answer(request)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Robots-Tag"] = "noindex, nofollow"
        return response
    }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()  // "", "feed", …
        let secret = segments.dropFirst().first.map(String.init) ?? ""
        let known = secrets.matches(secret)
        guard known, segments.first == "feed" else { return Self.notFound }
        let rest = Array(segments.dropFirst(2))
        guard request.method == .get || request.method == .head else {
            return rest == ["podcast.xml"] || rest == ["cover.png"] || rest.first == "episodes" ? Self.notAllowed : Self.notFound
        }
        switch rest.count {
        case 1 where rest[0] == "podcast.xml": return feed(request, secret: secret)
        case 1 where rest[0] == "cover.png": return coverImage()
        case 2 where rest[0] == "episodes" && rest[1].hasSuffix(".mp3"): return audio(request, key: String(rest[1].dropLast(4)))
        default: return Self.notFound
        }
    }

    private static let notAllowed = HTTPResponse(
        status: 405, headers: ["Allow": "GET, HEAD", "Content-Type": "text/plain; charset=utf-8"],
        body: .bytes(Data("Only GET and HEAD.\n".utf8)))

    private func feed(_ request: HTTPRequest, secret: String) -> HTTPResponse {
        let ready: [FeedEpisode]
        do {
            ready = try episodes.ready()
        } catch {
            return HTTPResponse(status: 503, headers: ["Content-Type": "text/plain; charset=utf-8", "Retry-After": "60"],
                                body: .bytes(Data("The podcast library could not be read; try again in a minute.\n".utf8)))
        }
        let base = FeedAddress.base(publicURL: settings.publicURL, request: request, fallback: settings.fallbackBase)
        let xml = Data(Self.document(ready, base: base, secret: secret, settings: settings).xml().utf8)
        let etag = "\"" + SHA256.hex(Array(xml)).prefix(32) + "\""
        var headers: HTTPHeaders = ["ETag": etag, "Cache-Control": "private, no-cache"]
        if let match = request.headers["If-None-Match"], match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag }) {
            return HTTPResponse(status: 304, headers: headers)
        }
        headers["Content-Type"] = "application/rss+xml; charset=utf-8"
        return HTTPResponse(status: 200, headers: headers, body: .bytes(xml))
    }

    /// The feed of `episodes` with every URL below `base` and carrying `secret`; episodes whose file is gone are left out.
    static func document(_ episodes: [FeedEpisode], base: String, secret: String, settings: Settings) -> PodcastFeed {
        let root = "\(base)/feed/\(secret)"
        let channel = PodcastFeed.Channel(
            title: settings.title, link: "\(base)/podcasts", description: settings.description, language: settings.language,
            imageURL: "\(root)/cover.png", selfURL: "\(root)/podcast.xml", category: settings.category)
        let items = episodes.compactMap { episode -> PodcastFeed.Item? in
            guard let size = Self.size(of: episode.file) else { return nil }
            let link = episode.articleURL ?? episode.sourceID.map { "\(base)/sources/\($0)" } ?? "\(base)/podcasts"
            return PodcastFeed.Item(
                guid: "marks-podcast:\(episode.key)", title: episode.title, link: link, site: episode.site,
                published: episode.published, durationSeconds: episode.durationSeconds,
                enclosureURL: "\(root)/episodes/\(episode.key).mp3", enclosureLength: size)
        }
        return PodcastFeed(channel: channel, items: items)
    }

    private func coverImage() -> HTTPResponse {
        guard let cover else { return Self.notFound }
        return HTTPResponse(status: 200, headers: ["Content-Type": "image/png", "Cache-Control": "private, max-age=86400"], body: .bytes(cover))
    }

    private func audio(_ request: HTTPRequest, key: String) -> HTTPResponse {
        do {
            guard !key.isEmpty, let episode = try episodes.byKey(key) else { return Self.notFound }
            return try HTTPResponse.file(path: episode.file.path, contentType: "audio/mpeg", request: request, cacheControl: "private, max-age=86400")
        } catch {
            return Self.notFound  // an unreadable library or a file gone since: nothing to serve, and nothing said
        }
    }

    /// The exact byte count of a regular file; nil when it is not there.
    private static func size(of file: URL) -> UInt64? {
        var info = stat()
        guard stat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return UInt64(info.st_size)
    }
}
