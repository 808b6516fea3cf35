import Foundation
import MarksCore

extension PodcastEntry {
    /// The entry as JSON (`marks podcast list --json`, the web app's scripts): dates ISO 8601, the audio's path
    /// relative to the podcasts directory.
    public var jsonValue: JSONValue {
        .object([
            ("key", .string(key)), ("url", .string(url)), ("bookmark_id", bookmarkID.map(JSONValue.int) ?? .null),
            ("source_id", .optional(sourceID)), ("title", .string(title)), ("site", .string(site)), ("file", .string(fileName)),
            ("byte_count", byteCount.map(JSONValue.int) ?? .null), ("duration_seconds", durationSeconds.map(JSONValue.double) ?? .null),
            ("chapters", .array(chapters.map { .object([("title", .string($0.title)), ("start", .double($0.start))]) })),
            ("voice", .optional(voice)), ("state", .string(state.rawValue)), ("row_state", .string(rowState.name)),
            ("progress", .double((progress * 1000).rounded() / 1000)), ("error", .optional(error)), ("job_id", .optional(jobID)),
            ("created_at", .string(LinkdingDate.format(createdAt))), ("ready_at", .optional(readyAt.map(LinkdingDate.format))),
            ("played", .bool(played)), ("played_at", .optional(playedAt.map(LinkdingDate.format))),
            ("position_seconds", .double(positionSeconds)), ("queue_position", queueOrder.map(JSONValue.int) ?? .null),
            ("link", .string(MarksDeepLink.podcastURL(url: url).absoluteString)),
        ])
    }
}
