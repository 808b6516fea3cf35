import Foundation

/// A podcast someone asked for — the one request type of every side: what to narrate (the article at `url`, or —
/// with `text` — that text: a local source, `marks-source://<uuid>`, with its `sourceKind`), how urgent it is
/// (`priority`, the backend job's), and for a request queued by the share flow or a source's Podcast action who
/// asked and why (`id`, `bookmarkID`, `trigger`, `matchedTag`, `createdAt`). A queued request is the payload of its
/// `podcast.request` job; `attempts`, `nextAttemptAt` and `lastError` are read back from that job when it is listed.
public struct PodcastRequest: Sendable, Equatable, Identifiable {
    /// Why the request was queued.
    public enum Trigger: String, Sendable, Equatable, Codable {
        /// The person turned Create Podcast on (or a client asked directly).
        case requested
        /// The bookmark carries one of the configured auto-podcast tags.
        case autoTag = "auto_tag"
    }

    /// `JobPriority.foreground` (MarksJobs): a person waits for it (a client polling its status).
    public static let foreground = 10
    /// `JobPriority.background` (MarksJobs): generation nobody watches (the library's queue).
    public static let background = 0

    public var id: String
    public var url: String
    /// The title to use ("" when none was given).
    public var title: String
    public var bookmarkID: Int?
    public var trigger: Trigger
    /// The auto-podcast tag that matched, for `autoTag`.
    public var matchedTag: String?
    public var createdAt: Date
    /// How many times the request was handed to a consumer (its job's attempts).
    public var attempts: Int
    /// The request is not handed out before this time (its job's run-after: backoff after a failure).
    public var nextAttemptAt: Date
    /// The last consumer failure, in words (its job's last error).
    public var lastError: String?
    /// The text to read, for a source (`marks-source://<uuid>`) whose text fits in the request
    /// (`maximumInlineTextBytes`); nil for a web page, and for a longer source, whose text is read from the source.
    public var text: String?
    /// What the source is (`text`, `pdf`, `file`), for a source; nil for a web page.
    public var sourceKind: String?
    /// The text's language tag, for a source (a fetched page's `lang` is read from the page).
    public var language: String?
    /// Its backend job's priority: `foreground` when a person waits for it, `background` for generation nobody watches.
    public var priority: Int

    /// The most text a queued request carries itself.
    public static let maximumInlineTextBytes = 192 * 1024

    /// A new queued request, due at once.
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
        lastError = nil
        self.text = text.flatMap { $0.utf8.count <= Self.maximumInlineTextBytes ? $0 : nil }
        self.sourceKind = sourceKind
        language = nil
        priority = Self.background
    }

    /// What a client asks the backend for directly (`/v1/podcast/generate`, the in-process backend): no queue.
    public init(url: String, title: String? = nil, text: String? = nil, sourceKind: String? = nil, language: String? = nil,
                priority: Int = PodcastRequest.foreground) {
        id = ""
        self.url = url
        self.title = title ?? ""
        bookmarkID = nil
        trigger = .requested
        matchedTag = nil
        createdAt = Date(timeIntervalSince1970: 0)
        attempts = 0
        nextAttemptAt = createdAt
        lastError = nil
        self.text = text
        self.sourceKind = sourceKind
        self.language = language
        self.priority = priority
    }

    /// True for ids the queue itself makes (letters, digits, `-`).
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
        case lastError = "last_error"
        case text
        case sourceKind = "source_kind"
    }

    /// Decodes a job's payload (or a file of the old file queue); dates are linkding-style ISO 8601 with microseconds,
    /// the id must be a safe file name. The queue fields a payload no longer carries default to a fresh request's.
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
        nextAttemptAt = try c.decodeIfPresent(String.self, forKey: .nextAttemptAt) == nil ? createdAt : try Self.date(c, .nextAttemptAt)
        language = nil
        priority = Self.background
    }

    /// Encodes a job's payload (what was asked; the job itself keeps attempts, run-after and the last error).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(url, forKey: .url)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(bookmarkID, forKey: .bookmarkID)
        try c.encode(trigger, forKey: .trigger)
        try c.encodeIfPresent(matchedTag, forKey: .matchedTag)
        try c.encode(LinkdingDate.format(createdAt), forKey: .createdAt)
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
