import MarksCore

/// The share card (the seeds' share extension save card): what will be saved, pre-filled from the existing
/// bookmark or from the page's metadata and linkding's auto tags, with suggestions the person may add.
/// The editable fields are `title`, `notes`, `tags`, `unread` and `createPodcast`.
public struct ShareDraft: Sendable, Equatable {
    /// The link found in what was shared.
    public var url: String
    public var title: String
    public var description: String
    public var notes: String
    public var tags: [String]
    /// Read later.
    public var unread: Bool
    /// Queue a podcast of the page on save.
    public var createPodcast: Bool
    /// The bookmark already saved for this URL; saving then updates it.
    public var existing: Bookmark?
    /// Tags from the person's vocabulary and the AI engine, not yet on the card.
    public var suggestedTags: [String]
    /// linkding's auto tags for the URL (already on the card of a new bookmark).
    public var autoTags: [String]
    /// The configured tags that queue a podcast on their own.
    public var autoPodcastTags: [String]
    /// False when the card was made without asking the bookmark source (it could not be reached).
    public var isChecked: Bool
    /// Problems that did not stop the card (suggestions unavailable, not checked).
    public var warnings: [String]

    /// A card.
    public init(url: String, title: String = "", description: String = "", notes: String = "", tags: [String] = [],
                unread: Bool = false, createPodcast: Bool = false, existing: Bookmark? = nil, suggestedTags: [String] = [],
                autoTags: [String] = [], autoPodcastTags: [String] = [], isChecked: Bool = true, warnings: [String] = []) {
        self.url = url
        self.title = title
        self.description = description
        self.notes = notes
        self.tags = tags
        self.unread = unread
        self.createPodcast = createPodcast
        self.existing = existing
        self.suggestedTags = suggestedTags
        self.autoTags = autoTags
        self.autoPodcastTags = autoPodcastTags
        self.isChecked = isChecked
        self.warnings = warnings
    }

    /// Whether saving updates an existing bookmark.
    public var updatesExisting: Bool { existing != nil }

    /// Adds tags (cleaned, case-insensitive duplicates dropped), e.g. accepted suggestions.
    public mutating func addTags(_ more: [String]) {
        tags = TagNames.parse((tags + more).joined(separator: ","))
        let present = Set(tags.map { $0.lowercased() })
        suggestedTags.removeAll { present.contains($0.lowercased()) }
    }

    /// Why a podcast will be queued on save: asked for, or the first card tag that is an auto-podcast tag; nil for none.
    public var podcastPlan: (trigger: PodcastRequest.Trigger, tag: String?)? {
        if createPodcast { return (.requested, nil) }
        let wanted = Set(autoPodcastTags.map { $0.lowercased() })
        if let tag = tags.first(where: { wanted.contains($0.lowercased()) }) { return (.autoTag, tag) }
        return nil
    }

    /// The card as JSON (`marks share --dry-run --json`, the web app's share page).
    public var jsonValue: JSONValue {
        let plan = podcastPlan
        return .object([
            ("action", .string(updatesExisting ? "update" : "create")),
            ("url", .string(url)),
            ("title", .string(title)),
            ("description", .string(description)),
            ("notes", .string(notes)),
            ("tags", .array(tags.map(JSONValue.string))),
            ("unread", .bool(unread)),
            ("podcast", .bool(plan != nil)),
            ("podcast_trigger", .optional(plan?.trigger.rawValue)),
            ("podcast_tag", .optional(plan?.tag)),
            ("existing_id", existing.map { .int($0.id) } ?? .null),
            ("suggested_tags", .array(suggestedTags.map(JSONValue.string))),
            ("auto_tags", .array(autoTags.map(JSONValue.string))),
            ("checked", .bool(isChecked)),
            ("warnings", .array(warnings.map(JSONValue.string))),
        ])
    }
}
