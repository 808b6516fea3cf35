import Foundation
import MarksClients
import MarksJobs

/// The podcast backend on another Marks server, over `AppAPIClient`'s `/v1/podcast/*`. Audio comes down in parts
/// (`Range` requests of `partBytes`) into a temp file beside the destination, renamed into place when whole.
public struct RemotePodcastGenerator: PodcastGenerator {
    /// The size of one audio request.
    public static let defaultPartBytes = 4 * 1024 * 1024

    let client: AppAPIClient
    let partBytes: Int

    /// The backend behind `client`.
    public init(client: AppAPIClient, partBytes: Int = RemotePodcastGenerator.defaultPartBytes) {
        self.client = client
        self.partBytes = max(1024, partBytes)
    }

    public func generate(_ request: PodcastGenerationRequest) async throws -> PodcastJobStatus {
        Self.status(try await client.podcastGenerate(url: request.url, title: request.title, text: request.text,
                                                      sourceKind: request.sourceKind, background: request.priority <= JobPriority.background))
    }

    public func status(jobID: String) async throws -> PodcastJobStatus {
        do {
            return Self.status(try await client.podcastStatus(jobID: jobID))
        } catch AppAPIClientError.rejected(status: 404, _) {
            throw PodcastGenerationError.unknownJob(jobID)
        }
    }

    public func download(jobID: String, to destination: URL) async throws -> Int {
        let partial = try PodcastFiles.partialFile(for: destination)
        do {
            var offset = 0
            var total = Int.max
            while offset < total {
                try Task.checkCancellation()
                let part: AppAPIClient.AudioPart
                do {
                    part = try await client.podcastAudio(jobID: jobID, offset: offset, length: partBytes)
                } catch AppAPIClientError.rejected(status: 404, _) {
                    throw PodcastGenerationError.unknownJob(jobID)
                } catch AppAPIClientError.rejected(status: let status, message: let message) where status == 409 || status == 410 {
                    throw PodcastGenerationError.download(message)
                }
                total = part.totalBytes
                guard !part.data.isEmpty || offset >= total else {
                    throw PodcastIndexError.file(path: destination.path, reason: "the backend sent an empty part of the audio")
                }
                try partial.append(part.data)
                offset += part.data.count
            }
            return try partial.commit()
        } catch {
            partial.discard()
            throw error
        }
    }

    static func status(_ job: AppAPIClient.PodcastJob) -> PodcastJobStatus {
        PodcastJobStatus(jobID: job.jobID, status: PodcastJobStatus.Status(rawValue: job.status) ?? .failed,
                         progress: min(1, max(0, job.progress ?? 0)), title: job.title, durationSeconds: job.durationSeconds,
                         error: job.error, voice: job.voice, stage: job.stage)
    }
}
