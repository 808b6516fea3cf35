import Foundation
import MarksCore
import SystemSupport

/// The durable podcast request queue (the seeds' `PodcastRequests`): the share flow queues, the main process
/// drains. One JSON file per request, written atomically, in folders of the data dir's `podcast_requests/`:
/// `pending/` (waiting), `processing/` (claimed by a drain with an atomic rename, so two racing drains never
/// get the same request), `failed/` (given up after the last attempt) and `quarantine/` (files that could
/// not be read — moved aside and reported, never deleted, never blocking the rest).
public struct PodcastRequestQueue: Sendable {
    /// The queue's folder name inside the data dir.
    public static let folderName = "podcast_requests"

    public let directory: URL
    public let policy: PodcastRetryPolicy
    let now: @Sendable () -> Date
    private let makeID: @Sendable () -> String

    /// A queue in `directory`; time comes from `now`, new ids from `makeID` (letters, digits and `-`).
    public init(directory: URL, policy: PodcastRetryPolicy = PodcastRetryPolicy(), now: @escaping @Sendable () -> Date,
                makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }) {
        self.directory = directory
        self.policy = policy
        self.now = now
        self.makeID = makeID
    }

    /// The queue in a data dir (`<data>/podcast_requests`).
    public init(dataDirectory: URL, policy: PodcastRetryPolicy = PodcastRetryPolicy(), now: @escaping @Sendable () -> Date) {
        self.init(directory: dataDirectory.appendingPathComponent(Self.folderName), policy: policy, now: now)
    }

    var pendingDirectory: URL { directory.appendingPathComponent("pending") }
    var processingDirectory: URL { directory.appendingPathComponent("processing") }
    var failedDirectory: URL { directory.appendingPathComponent("failed") }
    /// Where unreadable files are moved.
    public var quarantineDirectory: URL { directory.appendingPathComponent("quarantine") }

    /// Queues a podcast for a URL (a source's `marks-source://<uuid>` with its `text` and `sourceKind`). When a request
    /// for the same URL already waits or runs, that one is returned and nothing is added (`queued` false).
    public func enqueue(url: String, title: String, bookmarkID: Int?, trigger: PodcastRequest.Trigger,
                        matchedTag: String? = nil, text: String? = nil, sourceKind: String? = nil) throws -> (request: PodcastRequest, queued: Bool) {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard URLNormalizer.isValidWebURL(trimmed, allowDotlessHosts: true) || trimmed.lowercased().hasPrefix("marks-source://"),
              trimmed.utf8.count <= 4096 else { throw PodcastQueueError.invalidURL(trimmed) }
        let key = URLNormalizer.normalize(trimmed)
        let waiting = try readAll(in: pendingDirectory).requests + readAll(in: processingDirectory).requests
        if let existing = waiting.first(where: { URLNormalizer.normalize($0.url) == key }) { return (existing, false) }
        let id = makeID()
        guard PodcastRequest.isValidID(id) else { throw PodcastQueueError.fileSystem(path: directory.path, reason: "the id maker gave an unsafe id") }
        let request = PodcastRequest(id: id, url: trimmed, title: String(title.prefix(1000)), bookmarkID: bookmarkID,
                                     trigger: trigger, matchedTag: matchedTag, createdAt: now(), text: text, sourceKind: sourceKind)
        try write(request, to: pendingDirectory)
        return (request, true)
    }

    /// The whole queue. Unreadable files met on the way are quarantined and listed in `newlyQuarantined`.
    public func list() throws -> PodcastQueueListing {
        let pending = try readAll(in: pendingDirectory)
        let processing = try readAll(in: processingDirectory)
        let failed = try readAll(in: failedDirectory)
        let quarantined = try QueueFiles.entries(in: quarantineDirectory).map { quarantineDirectory.appendingPathComponent($0).path }
        return PodcastQueueListing(pending: pending.requests, processing: processing.requests, failed: failed.requests,
                                   quarantined: quarantined,
                                   newlyQuarantined: pending.quarantined + processing.quarantined + failed.quarantined)
    }

    /// Moves failed requests back to the queue with a fresh attempt count; returns how many.
    public func retryFailed() throws -> Int {
        var count = 0
        for var request in try readAll(in: failedDirectory).requests {
            let file = failedDirectory.appendingPathComponent(request.id + ".json")
            guard try QueueFiles.move(file, to: processingDirectory.appendingPathComponent(request.id + ".json")) else { continue }
            request.attempts = 0
            request.nextAttemptAt = now()
            request.claimedAt = nil
            try write(request, to: pendingDirectory)
            try QueueFiles.remove(processingDirectory.appendingPathComponent(request.id + ".json"))
            count += 1
        }
        return count
    }

    // MARK: Files

    /// Every readable request in a folder, oldest first; unreadable files are quarantined.
    func readAll(in folder: URL) throws -> (requests: [PodcastRequest], quarantined: [String]) {
        var requests: [PodcastRequest] = []
        var quarantined: [String] = []
        for name in try QueueFiles.requestFiles(in: folder) {
            let file = folder.appendingPathComponent(name)
            switch try read(file) {
            case .request(let request): requests.append(request)
            case .gone: continue
            case .unreadable:
                if let path = try quarantine(file) { quarantined.append(path) }
            }
        }
        return (requests.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }, quarantined)
    }

    enum ReadResult {
        case request(PodcastRequest)
        case gone
        case unreadable
    }

    /// One request file: its request, gone (another drain moved it), or unreadable (corrupt, oversized, or
    /// its id does not match its name).
    func read(_ file: URL) throws -> ReadResult {
        let data: Data
        do {
            guard let bytes = try QueueFiles.read(file) else { return .gone }
            data = bytes
        } catch QueueFiles.ReadFailure.tooLarge {
            return .unreadable
        }
        do {
            let request = try JSONDecoder().decode(PodcastRequest.self, from: data)
            return request.id + ".json" == file.lastPathComponent ? .request(request) : .unreadable
        } catch {
            return .unreadable
        }
    }

    /// Writes a request atomically as `<folder>/<id>.json`.
    func write(_ request: PodcastRequest, to folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let file = folder.appendingPathComponent(request.id + ".json")
        do {
            try AtomicFile.write(try encoder.encode(request), to: file, mode: 0o600)
        } catch let error as AtomicFile.WriteError {
            throw PodcastQueueError.fileSystem(path: error.path, reason: error.reason)
        }
    }

    /// Moves an unreadable file into `quarantine/` under a free name; returns its new path (nil when it vanished).
    func quarantine(_ file: URL) throws -> String? {
        try QueueFiles.makeDirectory(quarantineDirectory)
        let base = file.lastPathComponent
        var target = quarantineDirectory.appendingPathComponent(base)
        var suffix = 1
        while FileManager.default.fileExists(atPath: target.path), suffix < 10_000 {
            target = quarantineDirectory.appendingPathComponent("\(base).\(suffix)")
            suffix += 1
        }
        return try QueueFiles.move(file, to: target) ? target.path : nil
    }
}
