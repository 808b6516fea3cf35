import Foundation

/// A job to enqueue: its kind, what it is about (`key`, for coalescing), its JSON payload and when it may run.
public struct JobRequest: Sendable, Equatable {
    /// The handler's kind ("enrich", "index.vectors").
    public var kind: String
    /// What the job is about; one queued job per kind and key.
    public var key: String
    /// JSON text handed to the handler.
    public var payload: String
    /// Not run before this time; nil means now.
    public var runAfter: Date?
    /// Overrides the kind's retry policy's attempts when set.
    public var maxAttempts: Int?
    /// Among due jobs of its kind, higher is claimed first (`JobPriority`).
    public var priority: Int

    /// A request with a JSON payload given as text (default `{}`).
    public init(kind: String, key: String = "", payload: String = "{}", runAfter: Date? = nil, maxAttempts: Int? = nil,
                priority: Int = JobPriority.background) {
        self.kind = kind
        self.key = key
        self.payload = payload
        self.runAfter = runAfter
        self.maxAttempts = maxAttempts
        self.priority = priority
    }

    /// A request whose payload is `value` encoded as JSON (sorted keys).
    public init(kind: String, key: String = "", payload value: some Encodable, runAfter: Date? = nil,
                maxAttempts: Int? = nil, priority: Int = JobPriority.background) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text: String
        do {
            text = String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw JobError.payload("cannot encode the payload of a \(kind) job: \(error)")
        }
        self.init(kind: kind, key: key, payload: text, runAfter: runAfter, maxAttempts: maxAttempts, priority: priority)
    }
}
