import Foundation
import MarksCore

/// A podcast someone asked for (the seeds' `PodcastRequests` item): queued by the share flow, drained by the
/// main process, which generates the audio. Stored as one JSON file in the queue directory.
public struct PodcastRequest: Sendable, Equatable, Identifiable {
    /// Why the request was queued.
    public enum Trigger: String, Sendable, Equatable, Codable {
        /// The person turned Create Podcast on.
        case requested
        /// The bookmark carries one of the configured auto-podcast tags.
        case autoTag = "auto_tag"
    }

    public var id: String
    public var url: String
    public var title: String
    public var bookmarkID: Int?
    public var trigger: Trigger
    /// The auto-podcast tag that matched, for `autoTag`.
    public var matchedTag: String?
    public var createdAt: Date
    /// How many times the request was handed to a consumer.
    public var attempts: Int
    /// The request is not handed out before this time (backoff after a failure).
    public var nextAttemptAt: Date
    /// When a drain last claimed it (nil while it waits).
    public var claimedAt: Date?
    /// The last consumer failure, in words.
    public var lastError: String?
    /// The text to read, for a source (`marks-source://<uuid>`) whose text fits in the queue file
    /// (`maximumInlineTextBytes`); nil for a web page, and for a longer source, whose text is read from the source.
    public var text: String?
    /// What the source is (`text`, `pdf`, `file`), for a source; nil for a web page.
    public var sourceKind: String?

    /// The most text a request carries itself (a queue file stays under `QueueFiles.maximumFileBytes`).
    public static let maximumInlineTextBytes = 192 * 1024

    /// A new request, due at once.
    public init(id: String, url: String, title: String, bookmarkID: Int?, trigger: Trigger, matchedTag: String? = nil,
                createdAt: Date, text: String? = nil, sourceKind: String? = nil) {
        self.id = id
        self.url = url
        self.title = title
        self.bookmarkID = bookmarkID
        self.trigger = trigger
        self.matchedTag = matchedTag
        self.createdAt = createdAt
        attempts = 0
        nextAttemptAt = createdAt
        claimedAt = nil
        lastError = nil
        self.text = text.flatMap { $0.utf8.count <= Self.maximumInlineTextBytes ? $0 : nil }
        self.sourceKind = sourceKind
    }

    /// True for ids the queue itself makes (letters, digits, `-`), so an id is always a safe file name.
    public static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64 && id.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x2D
        }
    }
}

extension PodcastRequest: Codable {
    enum CodingKeys: String, CodingKey {
        case id, url, title, trigger, attempts
        case bookmarkID = "bookmark_id"
        case matchedTag = "matched_tag"
        case createdAt = "created_at"
        case nextAttemptAt = "next_attempt_at"
        case claimedAt = "claimed_at"
        case lastError = "last_error"
        case text
        case sourceKind = "source_kind"
    }

    /// Decodes a queue file; dates are linkding-style ISO 8601 with microseconds, the id must be a safe file name.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        guard Self.isValidID(id) else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: c, debugDescription: "not a queue id")
        }
        url = try c.decode(String.self, forKey: .url)
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
        bookmarkID = try c.decodeIfPresent(Int.self, forKey: .bookmarkID)
        trigger = try c.decode(Trigger.self, forKey: .trigger)
        matchedTag = try c.decodeIfPresent(String.self, forKey: .matchedTag)
        attempts = try c.decodeIfPresent(Int.self, forKey: .attempts) ?? 0
        guard attempts >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .attempts, in: c, debugDescription: "negative attempts")
        }
        lastError = try c.decodeIfPresent(String.self, forKey: .lastError)
        text = try c.decodeIfPresent(String.self, forKey: .text)
        sourceKind = try c.decodeIfPresent(String.self, forKey: .sourceKind)
        createdAt = try Self.date(c, .createdAt)
        nextAttemptAt = try Self.date(c, .nextAttemptAt)
        claimedAt = try c.decodeIfPresent(String.self, forKey: .claimedAt) == nil ? nil : try Self.date(c, .claimedAt)
    }

    /// Encodes the queue file.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(url, forKey: .url)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(bookmarkID, forKey: .bookmarkID)
        try c.encode(trigger, forKey: .trigger)
        try c.encodeIfPresent(matchedTag, forKey: .matchedTag)
        try c.encode(LinkdingDate.format(createdAt), forKey: .createdAt)
        try c.encode(attempts, forKey: .attempts)
        try c.encode(LinkdingDate.format(nextAttemptAt), forKey: .nextAttemptAt)
        try c.encodeIfPresent(claimedAt.map(LinkdingDate.format), forKey: .claimedAt)
        try c.encodeIfPresent(lastError, forKey: .lastError)
        try c.encodeIfPresent(text, forKey: .text)
        try c.encodeIfPresent(sourceKind, forKey: .sourceKind)
    }

    private static func date(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Date {
        let text = try c.decode(String.self, forKey: key)
        guard let date = LinkdingDate.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "not an ISO 8601 date")
        }
        return date
    }
}

extension PodcastRequest {
    /// The request as JSON for `--json` output and the web app.
    public var jsonValue: JSONValue {
        .object([
            ("id", .string(id)), ("url", .string(url)), ("title", .string(title)),
            ("bookmark_id", bookmarkID.map(JSONValue.int) ?? .null), ("trigger", .string(trigger.rawValue)),
            ("matched_tag", .optional(matchedTag)), ("created_at", .string(LinkdingDate.format(createdAt))),
            ("attempts", .int(attempts)), ("next_attempt_at", .string(LinkdingDate.format(nextAttemptAt))),
            ("last_error", .optional(lastError)), ("source_kind", .optional(sourceKind)),
        ])
    }
}
