import Foundation
import HTTPServer
import MarksCore
import MarksPodcasts

/// The Podcasts tab and the player's requests: `GET /podcasts` (`?show=unplayed|played|all`), an episode's page
/// `GET /podcasts/:key` (the full player; `?t=<seconds>` starts there), its audio `GET /podcasts/:key/audio` (Range,
/// 206/416, HEAD — the server's one file path), its status as JSON (`/status`, what the player and a generating page
/// poll), and the changes: `POST /podcasts/:key/position` (where playback stopped, `seconds=`), `/played` (the end of an
/// episode: the bookmark is marked read per the listening settings; the script's answer names the next queued episode),
/// `/unplayed`, `/queue`, `/unqueue`, `/move` (`to=<place>`), and `/podcasts/open?bookmark=|source=|url=` (where
/// `marks podcast play` and `marks://podcast` links land). Each POST answers a form with a redirect and the script with
/// JSON or 204.
struct PodcastsController: WebFeature {
    let web: WebContext
    let manager: PodcastGenerationManager

    /// The podcast library.
    var podcasts: PodcastLibrary { manager.library }

    /// The podcast routes: the library, the queue, the full player and what the player posts, a bookmark's Podcast
    /// action and the listening settings.
    func mount(on r: inout Router) {
        r.get("/podcasts") { try podcastsPage($0) }
        r.get("/podcasts/open") { try openEpisode($0) }
        r.get("/podcasts/:key") { try episodePage($0) }
        r.get("/podcasts/:key/audio") { try episodeAudio($0) }
        r.get("/podcasts/:key/status") { try episodeStatus($0) }
        r.post("/podcasts/:key/position") { try saveEpisodePosition($0) }
        r.post("/podcasts/:key/played") { try await markEpisodePlayed($0) }
        r.post("/podcasts/:key/unplayed") { try markEpisodeUnplayed($0) }
        r.post("/podcasts/:key/queue") { try queueEpisode($0) }
        r.post("/podcasts/:key/unqueue") { try unqueueEpisode($0) }
        r.post("/podcasts/:key/move") { try moveEpisode($0) }
        r.post("/podcasts/:key/delete") { try deleteEpisode($0) }
        r.post("/bookmarks/:id/podcast") { try await podcastBookmark($0) }
        r.post("/settings/listening") { try saveListeningSettings($0) }
    }

    /// `GET /podcasts`.
    func podcastsPage(_ request: HTTPRequest) throws -> HTTPResponse {
        let ctx = context(request)
        let filter = request.query["show"].flatMap(PodcastLibraryFilter.init(rawValue:)).flatMap { [.unplayed, .played, .all].contains($0) ? $0 : nil }
            ?? .unplayed
        let episodes = try podcasts.episodes(filter)
        let hasAny = filter == .all ? !episodes.isEmpty : !(try podcasts.episodes(.all, limit: 1)).isEmpty
        let view = PodcastsPage(filter: filter, episodes: episodes, queue: try podcasts.queue(), hasAny: hasAny, context: ctx)
        return page(view.title, tab: .podcasts, view.render(), context: ctx)
    }

    /// `GET /podcasts/:key`: the full player.
    func episodePage(_ request: HTTPRequest) throws -> HTTPResponse {
        let entry = try episode(request)
        let ctx = context(request)
        let start = request.query["t"].flatMap(Double.init).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        let view = EpisodePage(entry: entry, start: start, bookmarkPath: entry.bookmarkID.map { "/bookmarks/\($0)" },
                               retryAction: Self.podcastAction(for: entry), context: ctx)
        return page(view.title, tab: .podcasts, view.render(), context: ctx)
    }

    /// `GET /podcasts/:key/audio`: the MP3 from the library, with Range.
    func episodeAudio(_ request: HTTPRequest) throws -> HTTPResponse {
        let entry = try episode(request)
        guard entry.state == .ready else { throw HTTPError(409, "This episode has no audio yet: it is \(entry.state.rawValue).") }
        let path = podcasts.audioFile(for: entry).path
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw HTTPError(410, "The episode's audio file is gone. Press Podcast on its bookmark or source to make it again.")
        }
        return try HTTPResponse.file(path: path, contentType: "audio/mpeg", request: request, cacheControl: "private, max-age=86400")
    }

    /// `GET /podcasts/:key/status`: the episode as the player needs it (JSON).
    func episodeStatus(_ request: HTTPRequest) throws -> HTTPResponse {
        .json(data: Self.episodeJSON(try episode(request)).data, status: 200)
    }

    /// `POST /podcasts/:key/position` with `seconds`.
    func saveEpisodePosition(_ request: HTTPRequest) throws -> HTTPResponse {
        let key = try Self.episodeKey(request)
        let seconds = try Self.position(try request.form())
        try podcasts.savePosition(key: key, seconds: seconds)
        return .noContent
    }

    /// `POST /podcasts/:key/played`: marks it played (and its bookmark read, per the settings); the script hears the
    /// next queued episode that is ready.
    func markEpisodePlayed(_ request: HTTPRequest) async throws -> HTTPResponse {
        let key = try Self.episodeKey(request)
        let outcome = try await podcasts.markPlayed(key: key)
        if let problem = outcome.bookmarkProblem { log("podcast played, bookmark left alone: \(problem)") }
        if Self.wantsJSON(request) {
            let next = try podcasts.queue().first { $0.state == .ready && $0.key != key }
            return .json(data: JSONValue.object([("next", next.map(Self.episodeJSON) ?? .null), ("markedRead", .bool(outcome.markedRead)),
                                                 ("archived", .bool(outcome.archived))]).data, status: 200)
        }
        let form = try request.form()
        return redirect(Self.returnPath(form, fallback: "/podcasts/" + key), notice: outcome.markedRead ? "episode-played-read" : "episode-played")
    }

    /// `POST /podcasts/:key/unplayed`.
    func markEpisodeUnplayed(_ request: HTTPRequest) throws -> HTTPResponse {
        let key = try Self.episodeKey(request)
        try podcasts.markUnplayed(key: key)
        return done(request, back: Self.returnPath(try request.form(), fallback: "/podcasts/" + key), notice: "episode-unplayed")
    }

    /// `POST /podcasts/:key/queue`: at the end of the play queue.
    func queueEpisode(_ request: HTTPRequest) throws -> HTTPResponse {
        let key = try Self.episodeKey(request)
        try podcasts.addToQueue(key: key)
        return done(request, back: Self.returnPath(try request.form(), fallback: "/podcasts"), notice: "episode-queued")
    }

    /// `POST /podcasts/:key/unqueue`.
    func unqueueEpisode(_ request: HTTPRequest) throws -> HTTPResponse {
        let key = try Self.episodeKey(request)
        try podcasts.removeFromQueue(key: key)
        return done(request, back: Self.returnPath(try request.form(), fallback: "/podcasts"), notice: "episode-unqueued")
    }

    /// `POST /podcasts/:key/delete`: asks first (as the tag delete does), and with `confirm=1` deletes the episode
    /// and its audio file.
    func deleteEpisode(_ request: HTTPRequest) throws -> HTTPResponse {
        let entry = try episode(request)
        let ctx = context(request)
        guard try request.form()["confirm"] == "1" else {
            return page("Delete this episode?", tab: .podcasts, EpisodeText.deleteConfirmation(entry, csrfToken: ctx.csrfToken), context: ctx)
        }
        try podcasts.delete(key: entry.key)
        return redirect("/podcasts", notice: "episode-deleted")
    }

    /// `POST /podcasts/:key/move` with `to` (the new place, 0 first).
    func moveEpisode(_ request: HTTPRequest) throws -> HTTPResponse {
        let key = try Self.episodeKey(request)
        let form = try request.form()
        let place = try Self.place(form)
        try podcasts.moveInQueue(key: key, to: place)
        return done(request, back: Self.returnPath(form, fallback: "/podcasts"), notice: "episode-moved")
    }

    /// `GET /podcasts/open?bookmark=<id>` (or `source=<uuid>`, `url=<item url>`, `key=<key>`): the episode's page.
    func openEpisode(_ request: HTTPRequest) throws -> HTTPResponse {
        var found: PodcastEntry?
        if let id = request.query["bookmark"].flatMap(Int.init), id > 0 {
            found = try podcasts.episode(bookmarkID: id)
        } else if let source = request.query["source"].flatMap(UUID.init(uuidString:)) {
            found = try podcasts.episode(sourceID: source.uuidString.lowercased())
        } else if let url = request.query["url"], !url.isEmpty {
            found = try podcasts.episode(url: url)
        } else if let key = request.query["key"] {
            found = try podcasts.episode(key: key)
        }
        guard let entry = found else { throw HTTPError(404, "There is no podcast of that in the library yet. Press Podcast on its bookmark or source to make one.") }
        return redirect("/podcasts/" + entry.key)
    }

    /// `POST /bookmarks/:id/podcast`: the row's Podcast action (`busy=1` when the script's player is playing).
    func podcastBookmark(_ request: HTTPRequest) async throws -> HTTPResponse {
        let id = try Self.bookmarkID(request)
        return try await runPodcastAction(.bookmark(id: id), request: request, back: Self.returnPath(try request.form(), fallback: "/bookmarks/\(id)"))
    }

    /// The Podcast action (the seeds' `playOrGeneratePodcast`) through the generation manager: a ready episode plays;
    /// otherwise it is asked for and followed by the manager's background job — with the player idle the page goes to
    /// the episode, which shows its progress and plays it when ready; with the player busy it joins the play queue, so
    /// nothing that plays is interrupted. The script hears `{"action": "play"|"generate"|"queued", …}`; a form is sent to
    /// the episode's page, or back with a notice.
    func runPodcastAction(_ item: PodcastItem, request: HTTPRequest, back: String) async throws -> HTTPResponse {
        let busy = try request.form()["busy"] == "1"
        let json = Self.wantsJSON(request)
        let resolved = try await manager.resolve(item)
        if let entry = try manager.library.episode(url: resolved.url), entry.state == .ready,
           FileManager.default.isReadableFile(atPath: manager.library.audioFile(for: entry).path) {
            if busy {
                if entry.queueOrder == nil { try manager.library.addToQueue(key: entry.key) }
                return queuedAnswer(entry, json: json, back: back, notice: "episode-queued")
            }
            if json { return .json(data: JSONValue.object([("action", .string("play")), ("key", .string(entry.key)), ("episode", Self.episodeJSON(entry))]).data, status: 200) }
            return redirect("/podcasts/" + entry.key)
        }
        let entry = try await manager.generateInBackground(item)
        if busy {
            if entry.queueOrder == nil { try manager.library.addToQueue(key: entry.key) }
            return queuedAnswer(entry, json: json, back: back, notice: "podcast-background")
        }
        if json { return .json(data: JSONValue.object([("action", .string("generate")), ("key", .string(entry.key)), ("page", .string("/podcasts/" + entry.key))]).data, status: 200) }
        return redirect("/podcasts/" + entry.key, notice: "podcast-generating")
    }

    private func queuedAnswer(_ entry: PodcastEntry, json: Bool, back: String, notice: String) -> HTTPResponse {
        guard json else { return redirect(back, notice: notice) }
        let message = Self.podcastNotice(notice) ?? ""
        return .json(data: JSONValue.object([("action", .string("queued")), ("key", .string(entry.key)), ("message", .string(message))]).data, status: 200)
    }

    /// `POST /settings/listening`: what finishing an episode does to its bookmark (unchecked boxes are not sent).
    func saveListeningSettings(_ request: HTTPRequest) throws -> HTTPResponse {
        let form = try request.form()
        try podcasts.saveListeningSettings(PodcastListeningSettings(markReadWhenPlayed: form["markReadWhenPlayed"] == "1",
                                                                            archiveWhenPlayed: form["archiveWhenPlayed"] == "1"))
        return done(request, back: "/settings", notice: "listening", anchor: "listening-heading")
    }

    /// The listening settings for the Settings page (a read failure is logged and shows the defaults).
    func listeningSettings() -> PodcastListeningSettings {
        do {
            return try podcasts.listeningSettings()
        } catch {
            log("the listening settings could not be read: \(error)")
            return PodcastListeningSettings()
        }
    }

    /// The rows' podcast states from `podcasts` (a read failure is logged and shows none).
    static func podcastStates(_ podcasts: PodcastLibrary, log: @escaping @Sendable (String) -> Void) -> @Sendable ([Int]) -> [Int: PodcastRowState] {
        { ids in
            guard !ids.isEmpty else { return [:] }
            do {
                return try podcasts.states(bookmarkIDs: ids)
            } catch {
                log("podcast states for rows could not be read: \(error)")
                return [:]
            }
        }
    }

    /// The notices of the podcast forms.
    static func podcastNotice(_ code: String) -> String? {
        switch code {
        case "episode-played": "Marked played."
        case "episode-played-read": "Marked played; its bookmark is marked read."
        case "episode-unplayed": "Marked unplayed."
        case "episode-queued": "Added to the queue."
        case "episode-unqueued": "Taken out of the queue."
        case "episode-moved": "Queue reordered."
        case "episode-deleted": "Episode deleted, with its audio file."
        case "podcast-generating": "Making the podcast: the player starts when it is ready."
        case "podcast-background": "Podcast queued: it is made in the background and added to your queue."
        case "listening": "Listening settings saved."
        default: nil
        }
    }

    // MARK: Helpers

    /// The `seconds` of a position form, else a 400.
    static func position(_ form: QueryParameters) throws -> Double {
        guard let seconds = form["seconds"].flatMap(Double.init), seconds.isFinite, seconds >= 0 else {
            throw HTTPError(400, "seconds must be a number of seconds, 0 or more.")
        }
        return seconds
    }

    /// The `to` of a move form, else a 400.
    static func place(_ form: QueryParameters) throws -> Int {
        guard let place = form["to"].flatMap(Int.init), place >= 0 else { throw HTTPError(400, "to must be a place in the queue, 0 or more.") }
        return place
    }

    static func episodeKey(_ request: HTTPRequest) throws -> String {
        let key = request.pathParameters["key"] ?? ""
        guard PodcastEntry.isValidKey(key) else { throw HTTPError(404, "There is no podcast episode at this address.") }
        return key
    }

    private func episode(_ request: HTTPRequest) throws -> PodcastEntry {
        guard let entry = try podcasts.episode(key: try Self.episodeKey(request)) else {
            throw HTTPError(404, "There is no podcast episode at this address. It may have been deleted.")
        }
        return entry
    }

    /// The Podcast action an episode came from (its bookmark's or its source's), for Try again.
    static func podcastAction(for entry: PodcastEntry) -> String? {
        if let id = entry.bookmarkID { return "/bookmarks/\(id)/podcast" }
        if let source = entry.sourceID { return "/sources/\(source)/podcast" }
        return nil
    }

    /// An episode as the script reads it.
    static func episodeJSON(_ entry: PodcastEntry) -> JSONValue {
        let chapters = JSONValue.array(entry.chapters.map { .object([("title", .string($0.title)), ("start", .double($0.start))]) })
        return .object([
            ("key", .string(entry.key)), ("title", .string(entry.title.isEmpty ? entry.url : entry.title)), ("site", .string(entry.site)),
            ("state", .string(entry.state.rawValue)), ("progress", .double(entry.progress)), ("error", .optional(entry.error)),
            ("duration", entry.durationSeconds.map(JSONValue.double) ?? .null), ("position", .double(entry.positionSeconds)),
            ("played", .bool(entry.played)), ("queued", .bool(entry.queueOrder != nil)),
            ("audio", .string("/podcasts/\(entry.key)/audio")), ("page", .string("/podcasts/\(entry.key)")),
            ("bookmark", entry.bookmarkID.map(JSONValue.int) ?? .null), ("chapters", chapters),
        ])
    }
}
