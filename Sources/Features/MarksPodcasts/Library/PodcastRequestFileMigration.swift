import Foundation
import MarksCore
import MarksJobs
#if canImport(Glibc)
import Glibc
#endif

/// The one-time move of the old file queue into `podcast.request` jobs. The queue kept one JSON file per request in
/// `<data>/podcast_requests/`: `pending/` and `processing/` become queued jobs (a claim a dead drain left is simply
/// queued again; their attempt counts start afresh), `failed/` becomes dead-lettered jobs with their last error (a
/// failed request whose URL also waits is covered by the waiting one and dropped). Each file is removed once its job
/// is written, then the empty folders; a file that cannot be read is moved to `quarantine/` (kept, never deleted, and
/// listed by `marks podcast queue`, as the old queue did). The old `podcast.drain` job is dropped from the queue.
/// Run by the composition root the first time the requests are used in a process; with no folder it is one `stat` and
/// the drain's removal.
public enum PodcastRequestFileMigration {
    /// What one run moved.
    public struct Outcome: Sendable, Equatable {
        /// Waiting requests now queued jobs.
        public var queued = 0
        /// Given-up requests now dead-lettered jobs.
        public var deadLettered = 0
        /// Unreadable files moved to `quarantine/` by this run (paths).
        public var quarantined: [String] = []
    }

    /// The old queue's folder name inside the data dir.
    static let folderName = "podcast_requests"
    /// The old drain job, no longer run.
    static let drainKind = "podcast.drain"
    /// A file larger than this is not a request.
    static let maximumFileBytes = 256 * 1024

    static func folder(in dataDirectory: URL) -> URL { dataDirectory.appendingPathComponent(folderName) }

    /// Where unreadable files of the old queue are kept.
    static func quarantineDirectory(in dataDirectory: URL) -> URL { folder(in: dataDirectory).appendingPathComponent("quarantine") }

    /// Moves the old queue in `dataDirectory` into `store`; nothing to do when its folder does not exist.
    public static func run(dataDirectory: URL, store: any JobRecords, now: Date) throws -> Outcome {
        var outcome = Outcome()
        // `marks serve` kept one drain queued (it repeated itself) whether or not a request was ever made.
        try store.cancelQueued(kind: drainKind, key: "podcast_requests")
        let root = folder(in: dataDirectory)
        guard FileManager.default.fileExists(atPath: root.path) else { return outcome }
        for name in ["pending", "processing", "failed"] {
            let directory = root.appendingPathComponent(name)
            for file in try requestFiles(in: directory) {
                guard let request = try read(file) else {
                    outcome.quarantined.append(try quarantine(file, in: dataDirectory))
                    continue
                }
                let enqueued = try store.enqueue(try PodcastRequests.job(for: request), maxAttempts: PodcastRequests.retry.maxAttempts, now: now)
                if name == "failed" {
                    if !enqueued.coalesced, let claimed = try store.claim(id: enqueued.job.id, owner: "podcast request migration", now: now) {
                        try store.fail(claimed.claim, error: request.lastError ?? "given up on by the old podcast queue", now: now)
                        outcome.deadLettered += 1
                    }
                } else {
                    outcome.queued += 1
                }
                try remove(file)
            }
            removeIfEmpty(directory)
        }
        removeIfEmpty(root)
        return outcome
    }

    /// Every file in the old `quarantine/` (paths), by name.
    static func quarantined(in dataDirectory: URL) throws -> [String] {
        let directory = quarantineDirectory(in: dataDirectory)
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasPrefix(".") }.sorted()
                .map { directory.appendingPathComponent($0).path }
        } catch {
            throw PodcastQueueError.fileSystem(path: directory.path, reason: error.localizedDescription)
        }
    }

    // MARK: Files

    /// The request files (`<id>.json`, regular files) in a folder, by name; none when it does not exist.
    private static func requestFiles(in directory: URL) throws -> [URL] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw PodcastQueueError.fileSystem(path: directory.path, reason: error.localizedDescription)
        }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
            .filter(isRegularFile)
    }

    /// The request in a file, or nil when it is not one (too large, not JSON of a request, an id that is not its name).
    private static func read(_ file: URL) throws -> PodcastRequest? {
        var info = stat()
        guard lstat(file.path, &info) == 0 else { throw PodcastQueueError.fileSystem(path: file.path, reason: String(cString: strerror(errno))) }
        guard Int(info.st_size) <= maximumFileBytes else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw PodcastQueueError.fileSystem(path: file.path, reason: error.localizedDescription)
        }
        let request: PodcastRequest
        do {
            request = try JSONDecoder().decode(PodcastRequest.self, from: data)
        } catch {
            return nil  // not a request: the caller quarantines the file (kept, and listed)
        }
        return request.id + ".json" == file.lastPathComponent ? request : nil
    }

    /// Moves an unreadable file into `quarantine/` under a free name; returns its new path.
    private static func quarantine(_ file: URL, in dataDirectory: URL) throws -> String {
        let directory = quarantineDirectory(in: dataDirectory)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw PodcastQueueError.fileSystem(path: directory.path, reason: error.localizedDescription)
        }
        let base = file.lastPathComponent
        var target = directory.appendingPathComponent(base)
        var suffix = 1
        while FileManager.default.fileExists(atPath: target.path), suffix < 10_000 {
            target = directory.appendingPathComponent("\(base).\(suffix)")
            suffix += 1
        }
        guard rename(file.path, target.path) == 0 else {
            throw PodcastQueueError.fileSystem(path: file.path, reason: String(cString: strerror(errno)))
        }
        return target.path
    }

    private static func remove(_ file: URL) throws {
        if unlink(file.path) == 0 || errno == ENOENT { return }
        throw PodcastQueueError.fileSystem(path: file.path, reason: String(cString: strerror(errno)))
    }

    /// Removes a folder when nothing is left in it (`rmdir` refuses one that is not empty, which is then kept).
    private static func removeIfEmpty(_ directory: URL) {
        _ = rmdir(directory.path)
    }

    private static func isRegularFile(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
