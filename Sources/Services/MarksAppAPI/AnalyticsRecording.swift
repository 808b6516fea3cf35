import Foundation
import MarksCore

/// One batch about to be stored, worked out once for either store: its rows as stored, its size, when it arrived,
/// and the quota checks both stores make inside their transaction.
struct AnalyticsRecording {
    /// One row to insert.
    struct Row {
        var name: String
        var at: String
        var properties: String
        var size: Int
    }

    let rows: [Row]
    let batchBytes: Int
    let receivedText: String
    let receivedSeconds: Int64
    let quota: AnalyticsQuota
    let totalBytes: Int
    /// Events received before this (Unix seconds) are past the retention period.
    let expiredBefore: Int64
    /// A device's events received after this count towards its quota.
    let windowStart: Int64

    init(_ events: [AnalyticsEvent], limits: AppAPILimits, received: Date) {
        rows = events.map { event in
            let properties = JSONValue.object(event.properties).serialized
            return Row(name: event.name, at: LinkdingDate.format(event.at), properties: properties,
                       size: event.name.utf8.count + properties.utf8.count)
        }
        batchBytes = rows.reduce(0) { $0 + $1.size }
        receivedText = LinkdingDate.format(received)
        receivedSeconds = Int64(received.timeIntervalSince1970.rounded(.down))
        quota = limits.analyticsDeviceQuota
        totalBytes = limits.analyticsTotalBytes
        expiredBefore = receivedSeconds - Int64(limits.analyticsRetentionSeconds)
        windowStart = receivedSeconds - Int64(quota.windowSeconds)
    }

    /// The 429 when the device's events in the window (`events`, `bytes`, the oldest received at `oldest`) leave no
    /// room for this batch.
    func deviceRefusal(events: Int, bytes: Int, oldest: Int64?) -> AppAPIError? {
        guard events + rows.count > quota.events || bytes + batchBytes > quota.bytes else { return nil }
        let retryAfter = max(1, Int((oldest ?? receivedSeconds) + Int64(quota.windowSeconds) - receivedSeconds))
        return .rateLimited(retryAfter: retryAfter, what: "analytics events from this device (its quota is \(quota.events) events and \(quota.bytes) bytes per \(quota.windowSeconds) s)")
    }

    /// The 507 when the store, holding `storedBytes`, has no room for this batch.
    func totalRefusal(storedBytes: Int) -> AppAPIError? {
        guard storedBytes + batchBytes > totalBytes else { return nil }
        return .full("The server keeps no more analytics events (its store of \(totalBytes) bytes is full); they are dropped until old ones expire.")
    }
}
