import Foundation
import HTTPServer
import MarksAppAPI
import MarksCore
import MarksJobs
import MarksPodcasts

extension AppAPI {
    /// `POST /v1/podcast/generate` → `202 {"job_id", "status"}`: the episode for the url (and text), new or existing.
    func generatePodcast(_ request: HTTPRequest) async throws -> HTTPResponse {
        let device = try authenticate(request, limiter: podcastLimiter, what: "podcast requests from this device")
        let service = try podcastService()
        let body = try WireDecoding.decode(PodcastBody.self, from: request.body, limit: limits.podcastBody).validated(limits)
        try AppAPIAccess.checkGenerate(device, text: body.text)
        let episode = try await service.generate(PodcastRequest(url: body.url, title: body.title, text: body.text, sourceKind: body.sourceKind,
                                                                 language: body.language,
                                                                 priority: body.isBackground ? JobPriority.background : JobPriority.foreground))
        if device.scope == .anonymous { try authority.store.devices.recordJob(episode.id, for: device.deviceID) }
        var response = AppAPIJSON.podcastJob(episode)
        response.status = 202
        return response
    }

    /// `GET /v1/podcast/status/<job_id>` → `{"job_id", "status", "progress", "title", "duration_seconds"?, "error"?}`.
    func podcastStatus(_ request: HTTPRequest) throws -> HTTPResponse {
        let device = try authenticate(request, limiter: podcastReadLimiter, what: "podcast status and audio requests from this device")
        return AppAPIJSON.podcastStatus(try episode(request, for: device))
    }

    /// `GET` / `HEAD /v1/podcast/audio/<job_id>` → the MP3, with `Content-Length`, `Accept-Ranges` and `Range`
    /// (206, 416) through the server's one file-serving path; 409 while the episode is not done.
    func podcastAudio(_ request: HTTPRequest) throws -> HTTPResponse {
        let device = try authenticate(request, limiter: podcastReadLimiter, what: "podcast status and audio requests from this device")
        let episode = try episode(request, for: device)
        guard episode.status == .done else {
            let state = episode.status == .failed ? "failed: \(episode.error ?? "")" : "is \(episode.status.rawValue)"
            throw HTTPError(409, "The episode has no audio yet: it \(state). Poll /v1/podcast/status/\(episode.id) until it is done.")
        }
        let gone = HTTPError(410, "The episode's audio file is gone; ask for the episode again with /v1/podcast/generate.")
        // A worker that did not make the episode copies its audio from the shared store first (PostgreSQL).
        guard let file = try podcastService().localAudio(for: episode) else { throw gone }
        do {
            return try HTTPResponse.file(path: file.path, contentType: "audio/mpeg", request: request, cacheControl: "private, max-age=86400")
        } catch {
            throw gone
        }
    }

    /// The episode the path names, when `device` may see it (an anonymous device only its own jobs).
    private func episode(_ request: HTTPRequest, for device: AuthenticatedDevice) throws -> PodcastEpisode {
        let id = request.pathParameters["id"] ?? ""
        guard try AppAPIAccess.maySee(id, device, records: authority.store.devices),
              let episode = try podcastService().episode(id: id) else {
            throw HTTPError(404, "No podcast job has the id \"\(id.prefix(64))\".")
        }
        return episode
    }

    private func podcastService() throws -> PodcastService {
        guard let podcasts else { throw AppAPIError.unavailable("Podcasts are not set up on this server.") }
        return podcasts
    }
}
