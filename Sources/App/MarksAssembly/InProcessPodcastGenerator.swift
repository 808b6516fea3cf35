import Foundation
import MarksCore
import MarksPodcasts

/// The podcast backend in this process: the client side's `PodcastGenerator` over the backend's own `PodcastService`
/// (no HTTP, no token). The download puts the backend's MP3 into the library's folder as a hard link (a copy across
/// file systems), so an episode's audio is stored once.
public struct InProcessPodcastGenerator: PodcastGenerator {
    let service: PodcastService

    /// The backend over `service`.
    public init(service: PodcastService) {
        self.service = service
    }

    public func generate(_ request: PodcastGenerationRequest) async throws -> PodcastJobStatus {
        do {
            let episode = try await service.generate(PodcastRequest(url: request.url, title: request.title, text: request.text,
                                                                    sourceKind: request.sourceKind, priority: request.priority))
            return Self.status(episode)
        } catch let error as PodcastError {
            if case .invalid(let message) = error { throw PodcastGenerationError.invalidItem(message) }
            throw error
        }
    }

    public func status(jobID: String) async throws -> PodcastJobStatus {
        guard let episode = try service.episode(id: jobID) else { throw PodcastGenerationError.unknownJob(jobID) }
        return Self.status(episode)
    }

    public func download(jobID: String, to destination: URL) async throws -> Int {
        guard let episode = try service.episode(id: jobID) else { throw PodcastGenerationError.unknownJob(jobID) }
        guard episode.status == .done else {
            throw PodcastGenerationError.download("the episode is \(episode.status.rawValue), not done")
        }
        guard let file = try service.localAudio(for: episode), PodcastFiles.size(of: file) != nil else {
            throw PodcastGenerationError.download("the backend's file \(service.audioFile(for: episode).path) is gone")
        }
        return try PodcastFiles.place(file, at: destination)
    }

    static func status(_ episode: PodcastEpisode) -> PodcastJobStatus {
        let status: PodcastJobStatus.Status
        switch episode.status {
        case .queued: status = .queued
        case .running: status = .running
        case .done: status = .done
        case .failed: status = .failed
        }
        return PodcastJobStatus(jobID: episode.id, status: status, progress: episode.progress, title: episode.title,
                                durationSeconds: episode.durationSeconds, error: episode.error, voice: episode.voice,
                                stage: episode.stage?.rawValue)
    }
}
