import Foundation

extension PodcastRequestQueue {
    /// Hands every due request to `consumer`, oldest first, each exactly once: a request is claimed by an
    /// atomic rename into `processing/` before it is handed out, so a second drain (in this process or
    /// another) skips it. Success removes it; a failure puts it back with exponential backoff, or into
    /// `failed/` after the last attempt. Unreadable files are quarantined and reported; the rest go on.
    public func drain(into consumer: some PodcastRequestConsumer, limit: Int = .max) async throws -> PodcastDrainReport {
        var report = PodcastDrainReport()
        let waiting = try readAll(in: pendingDirectory)
        report.quarantined = waiting.quarantined
        for candidate in waiting.requests {
            guard report.delivered.count + report.retrying.count + report.failed.count < limit else { break }
            guard candidate.nextAttemptAt <= now() else {
                report.notDue += 1
                continue
            }
            guard var request = try claim(candidate.id, report: &report) else { continue }
            request.attempts += 1
            request.claimedAt = now()
            try write(request, to: processingDirectory)
            let claimed = processingDirectory.appendingPathComponent(request.id + ".json")
            do {
                try await consumer.consume(request)
                try QueueFiles.remove(claimed)
                request.claimedAt = nil
                report.delivered.append(request)
            } catch {
                request.lastError = String(String(describing: error).prefix(500))
                request.claimedAt = nil
                if request.attempts >= policy.maximumAttempts {
                    try write(request, to: failedDirectory)
                    try QueueFiles.remove(claimed)
                    report.failed.append(request)
                } else {
                    request.nextAttemptAt = now().addingTimeInterval(policy.delay(afterAttempts: request.attempts))
                    try write(request, to: pendingDirectory)
                    try QueueFiles.remove(claimed)
                    report.retrying.append(request)
                }
            }
        }
        return report
    }

    /// Returns requests whose drain died (claimed longer ago than the policy's lease) to the queue, or to
    /// `failed/` when that was their last attempt. The main process calls this once at start-up, before
    /// draining. Such a request may have been partly handled: consumers should tolerate seeing it again.
    public func recoverAbandonedClaims() throws -> (requeued: [PodcastRequest], failed: [PodcastRequest], quarantined: [String]) {
        var requeued: [PodcastRequest] = []
        var failed: [PodcastRequest] = []
        var quarantined: [String] = []
        let cutoff = now().addingTimeInterval(-policy.claimLease)
        for name in try QueueFiles.requestFiles(in: processingDirectory) {
            let file = processingDirectory.appendingPathComponent(name)
            switch try read(file) {
            case .gone: continue
            case .unreadable:
                if let path = try quarantine(file) { quarantined.append(path) }
            case .request(let request):
                let claimedAt = request.claimedAt ?? QueueFiles.modificationDate(file) ?? .distantPast
                guard claimedAt < cutoff else { continue }
                // One rename, so the request is never in two folders at once; a claim still shows in the
                // file until the next drain rewrites it.
                let giveUp = request.attempts >= policy.maximumAttempts
                let target = (giveUp ? failedDirectory : pendingDirectory).appendingPathComponent(name)
                guard try QueueFiles.move(file, to: target) else { continue }
                if giveUp { failed.append(request) } else { requeued.append(request) }
            }
        }
        return (requeued, failed, quarantined)
    }

    /// Claims a pending request by renaming it into `processing/`, then reads the claimed file (another drain
    /// may have updated it since the listing). Nil when another drain got there first, or it is no longer due
    /// (then it goes back). An unreadable claimed file is quarantined.
    private func claim(_ id: String, report: inout PodcastDrainReport) throws -> PodcastRequest? {
        let pending = pendingDirectory.appendingPathComponent(id + ".json")
        let claimed = processingDirectory.appendingPathComponent(id + ".json")
        guard try QueueFiles.move(pending, to: claimed) else { return nil }
        switch try read(claimed) {
        case .gone:
            return nil
        case .unreadable:
            if let path = try quarantine(claimed) { report.quarantined.append(path) }
            return nil
        case .request(let request):
            guard request.nextAttemptAt <= now() else {
                _ = try QueueFiles.move(claimed, to: pending)
                report.notDue += 1
                return nil
            }
            return request
        }
    }
}
