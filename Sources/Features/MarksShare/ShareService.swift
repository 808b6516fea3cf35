import Foundation
import MarksCore
import MarksBookmarks
import MarksPodcasts

/// The share flow (the seeds' share extension), one service for `marks share`, the web app's share page, its
/// PWA share target and the bookmarklet: find the link in what was shared, check it, pre-fill the card from
/// the existing bookmark or from the page's metadata and linkding's auto tags, suggest tags from the person's
/// vocabulary and the AI engine, then save — PATCH an existing bookmark or create one through the library —
/// and queue a podcast request when asked (or an auto-podcast tag matches) instead of making audio here.
///
/// A web share page needs two calls: `GET /share?url=&title=&text=` shows
/// `try await share.prepare(sharedURL:title:text:)` (its `jsonValue` or a form), and the form's POST saves
/// with `try await share.save(url:title:notes:tags:unread:createPodcast:)`.
public struct ShareService: Sendable {
    /// Tag suggestions for a page, given the person's vocabulary (`AITagSuggester`: the one `TagSuggester`).
    public typealias SuggestTags = @Sendable (_ page: TagSuggester.Page, _ vocabulary: [String]) async throws -> TagSuggester.Suggestions

    /// How many tags of the vocabulary are read for suggestions.
    public static let vocabularyLimit = 5000

    /// The library bookmarks are read and saved through.
    public let library: LibraryService
    private let podcasts: PodcastRequests?
    private let autoPodcastTags: [String]
    let suggestTags: SuggestTags?

    /// A share flow over a library; `podcasts` nil means podcast requests cannot be queued (the save says so),
    /// `suggestTags` nil means suggestions by keyword match with the vocabulary only.
    public init(library: LibraryService, podcasts: PodcastRequests?, autoPodcastTags: [String] = [],
                suggestTags: SuggestTags? = nil) {
        self.library = library
        self.podcasts = podcasts
        self.autoPodcastTags = TagNames.parse(autoPodcastTags.joined(separator: ","))
        self.suggestTags = suggestTags
    }

    /// The link, title and notes in what was shared; `ShareError.noLinkFound` when there is no http(s) link.
    public static func parse(_ payloads: [IngestPayload]) throws -> IngestResult {
        do {
            return try IngestPayloadParser.parse(payloads)
        } catch IngestError.noLinkFound {
            throw ShareError.noLinkFound
        }
    }

    /// What a web share target or bookmarklet sends (`url`, `title`, `text`, any of them empty) as payloads:
    /// the URL first, then the text, then the title (some apps put the link in the title).
    public static func payloads(sharedURL: String?, title: String?, text: String?) -> [IngestPayload] {
        var payloads: [IngestPayload] = []
        if let sharedURL, !sharedURL.isEmpty { payloads.append(.url(sharedURL)) }
        if let text, !text.isEmpty { payloads.append(.plainText(text)) }
        if let title, !title.isEmpty { payloads.append(.plainText(title)) }
        return payloads
    }

    /// The card for shared payloads (parse, then `prepare(_ ingest:)`).
    public func prepare(_ payloads: [IngestPayload]) async throws -> ShareDraft {
        try await prepare(Self.parse(payloads))
    }

    /// The card for a web share (`/share?url=…&title=…&text=…`); a given title wins over the parsed one.
    public func prepare(sharedURL: String?, title: String?, text: String?) async throws -> ShareDraft {
        var ingest = try Self.parse(Self.payloads(sharedURL: sharedURL, title: title, text: text))
        if let title = title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty, !title.contains("://") {
            ingest.title = String(title.prefix(500))
            if ingest.notes == ingest.title { ingest.notes = "" }
        }
        return try await prepare(ingest)
    }

    /// The card for a parsed share: checks the URL, pre-fills, and adds suggestions.
    public func prepare(_ ingest: IngestResult) async throws -> ShareDraft {
        let url = ingest.url.absoluteString
        let check = try await library.check(url: url)
        var draft = ShareDraft(url: url, autoTags: check.autoTags, autoPodcastTags: autoPodcastTags)
        if let existing = check.bookmark {
            draft.existing = existing
            draft.title = existing.title.isEmpty ? (ingest.title ?? check.metadata.title ?? "") : existing.title
            draft.description = existing.description
            draft.notes = Self.merged(notes: existing.notes, shared: ingest.notes)
            draft.tags = existing.tagNames
            draft.unread = existing.unread
        } else {
            draft.title = ingest.title ?? check.metadata.title ?? ""
            draft.description = check.metadata.description ?? ""
            draft.notes = ingest.notes
            draft.tags = TagNames.parse(check.autoTags.joined(separator: ","))
        }
        draft.title = draft.title.trimmingCharacters(in: .whitespacesAndNewlines)
        await addSuggestions(to: &draft)
        return draft
    }

    /// A card made without the bookmark source (it could not be reached): parsed fields only, `isChecked` false.
    public static func offlineDraft(_ ingest: IngestResult, autoPodcastTags: [String], reason: String) -> ShareDraft {
        ShareDraft(url: ingest.url.absoluteString, title: ingest.title ?? "", notes: ingest.notes,
                   autoPodcastTags: autoPodcastTags, isChecked: false,
                   warnings: ["Not checked against your bookmarks: \(reason)"])
    }

    /// Saves the card: an existing bookmark gets a PATCH of what changed, a new URL is created (the library
    /// checks again first, so a bookmark saved meanwhile is updated, not duplicated). Then, when Create
    /// Podcast is on or a card tag is an auto-podcast tag, a podcast request is queued.
    public func save(_ draft: ShareDraft) async throws -> ShareOutcome {
        let tags = TagNames.parse(draft.tags.joined(separator: ","))
        let saved: Bookmark
        let updated: Bool
        if let existing = draft.existing {
            var edited = existing
            edited.title = draft.title
            edited.notes = draft.notes
            edited.tagNames = tags
            edited.unread = draft.unread
            if !draft.description.isEmpty { edited.description = draft.description }
            saved = try await library.update(existing, to: edited)
            updated = true
        } else {
            let result = try await library.add(AddBookmarkRequest(
                url: draft.url, title: draft.title, notes: draft.notes, description: draft.description, tags: tags,
                unread: draft.unread))
            saved = result.bookmark
            updated = result.existed
        }
        var outcome = ShareOutcome(bookmark: saved, updated: updated)
        var final = draft
        final.tags = tags
        guard let plan = final.podcastPlan else { return outcome }
        guard let podcasts else {
            outcome.podcastError = "Podcast requests cannot be queued here (no queue is configured)."
            return outcome
        }
        do {
            let queued = try await podcasts.enqueue(url: saved.url, title: saved.displayTitle, bookmarkID: saved.id,
                                              trigger: plan.trigger, matchedTag: plan.tag)
            outcome.podcast = queued.request
            outcome.podcastNewlyQueued = queued.queued
        } catch {
            outcome.podcastError = String(describing: error)
        }
        return outcome
    }

    /// Saves what a share form posted: checks the URL again (so an existing bookmark is PATCHed, keeping its
    /// description) and saves the card as `save(_:)` does. `LibraryError.invalidURL` for a URL that is not http(s).
    public func save(url: String, title: String, notes: String, tags: [String], unread: Bool,
                     createPodcast: Bool) async throws -> ShareOutcome {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        try LibraryError.check(webURL: trimmed)
        let check = try await library.check(url: trimmed)
        let draft = ShareDraft(url: trimmed, title: title, description: check.bookmark?.description ?? check.metadata.description ?? "",
                               notes: notes, tags: tags, unread: unread, createPodcast: createPodcast, existing: check.bookmark,
                               autoPodcastTags: autoPodcastTags)
        return try await save(draft)
    }

    /// The existing notes, with the shared text added as a new paragraph when it says something new.
    static func merged(notes existing: String, shared: String) -> String {
        let extra = shared.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !extra.isEmpty, !existing.contains(extra) else { return existing }
        return existing.isEmpty ? extra : existing + "\n\n" + extra
    }
}
