import Foundation
import HTTPClient
import MarksCore

extension AppAPIClient {
    /// A podcast job as the backend reports it (`/v1/podcast/generate` and `/v1/podcast/status/<job_id>`).
    public struct PodcastJob: Sendable, Equatable, Decodable {
        public var jobID: String
        /// `queued`, `running`, `done` or `failed`.
        public var status: String
        public var progress: Double?
        public var title: String?
        public var stage: String?
        public var durationSeconds: Double?
        public var error: String?
        public var voice: String?

        enum CodingKeys: String, CodingKey {
            case jobID = "job_id"
            case status, progress, title, stage, error, voice
            case durationSeconds = "duration_seconds"
        }
    }

    /// One piece of an episode's audio (`GET /v1/podcast/audio/<job_id>` with a `Range`).
    public struct AudioPart: Sendable, Equatable {
        /// The bytes from `offset`.
        public var data: Data
        public var offset: Int
        /// The whole file's size.
        public var totalBytes: Int
    }

    /// `POST /v1/podcast/generate`: asks for an episode of `url` (with `text` for a source). The backend returns the
    /// existing job for the same url and text, so the call is retried like any idempotent one. `background` asks for
    /// it at background priority (nobody waits for it), so the backend serves the requests people wait on first.
    public func podcastGenerate(url: String, title: String?, text: String?, sourceKind: String?, background: Bool = false) async throws -> PodcastJob {
        var fields: [(String, JSONValue)] = [("url", .string(url))]
        if let title { fields.append(("title", .string(title))) }
        if let text { fields.append(("text", .string(text))) }
        if let sourceKind { fields.append(("source_kind", .string(sourceKind))) }
        if background { fields.append(("priority", .string("background"))) }
        let response = try await authorized("/v1/podcast/generate", body: JSONValue.object(fields).data)
        return try Self.job(from: response.body)
    }

    /// `GET /v1/podcast/status/<job_id>`.
    public func podcastStatus(jobID: String) async throws -> PodcastJob {
        let response = try await authorized("/v1/podcast/status/\(try Self.checked(jobID))", body: nil)
        return try Self.job(from: response.body)
    }

    /// `GET /v1/podcast/audio/<job_id>` for `length` bytes from `offset` (a `Range` request: an episode is fetched in
    /// parts, so a long one never sits in memory whole).
    public func podcastAudio(jobID: String, offset: Int, length: Int) async throws -> AudioPart {
        let last = offset + max(1, length) - 1
        let response = try await authorized("/v1/podcast/audio/\(try Self.checked(jobID))", body: nil,
                                            headers: ["Accept": "audio/mpeg", "Range": "bytes=\(offset)-\(last)"],
                                            maxBodyBytes: length + 1024)
        switch response.status {
        case 206:
            guard let range = response.header("Content-Range"), let total = Self.total(range), Self.start(range) == offset else {
                throw AppAPIClientError.malformedResponse("a 206 audio answer without a matching Content-Range")
            }
            return AudioPart(data: response.body, offset: offset, totalBytes: total)
        case 200:
            // A server that ignores Range sends the whole file.
            guard offset == 0 else { throw AppAPIClientError.malformedResponse("the audio answer ignored the Range asked for") }
            return AudioPart(data: response.body, offset: 0, totalBytes: response.body.count)
        default:
            throw AppAPIClientError.malformedResponse("audio answered HTTP \(response.status)")
        }
    }

    static func job(from data: Data) throws -> PodcastJob {
        let job: PodcastJob
        do {
            job = try JSONDecoder().decode(PodcastJob.self, from: data)
        } catch {
            throw AppAPIClientError.malformedResponse("the podcast answer is not the expected JSON")
        }
        guard !job.jobID.isEmpty, ["queued", "running", "done", "failed"].contains(job.status) else {
            throw AppAPIClientError.malformedResponse("the podcast answer has no job id or an unknown status")
        }
        return job
    }

    /// The job id as a path segment: the backend's ids are hex digits.
    static func checked(_ jobID: String) throws -> String {
        guard !jobID.isEmpty, jobID.utf8.count <= 64, jobID.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) || ($0 >= 0x41 && $0 <= 0x46) }) else {
            throw AppAPIClientError.malformedResponse("'\(jobID.prefix(64))' is not a podcast job id")
        }
        return jobID
    }

    /// `bytes 0-99/1234` → 1234.
    static func total(_ contentRange: String) -> Int? {
        contentRange.split(separator: "/").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// `bytes 0-99/1234` → 0.
    static func start(_ contentRange: String) -> Int? {
        let spec = contentRange.trimmingCharacters(in: .whitespaces)
        guard spec.lowercased().hasPrefix("bytes ") else { return nil }
        return spec.dropFirst(6).split(separator: "-").first.flatMap { Int($0) }
    }
}
