import Foundation
import MarksClients
import MarksCore
import MarksEngine
import Synchronization
import MarksFetch

/// AI enrichment of bookmarks: reads the page, asks the engine for a summary and tags (preferring the user's tag
/// vocabulary), and stores the result through the library so the cache and the search index follow. Also the
/// batch run over every bookmark without a summary, the quiet background pass, and smart collections.
public final class EnrichmentService: Sendable {
    /// The library results are stored in.
    public let library: LibraryService
    /// The engine asked (offline, provider with offline fallback, or a remote backend).
    public let engine: any AIEngine
    /// Which engine is in use and whether it looks usable.
    public let status: EngineStatus
    /// Whether summaries are also appended to the bookmark's linkding notes.
    public let writeSummaryToNotes: Bool
    /// Chooses the AI tags: the person's similar bookmarks' tags first, the engine's only when none fit (nil: the
    /// engine's tags, cleaned the same way).
    public let tagSuggester: TagSuggester?
    let readPage: @Sendable (URL) async throws -> PageTextReader.Page
    let backgroundRunning = Mutex(false)
    /// The engine failure the background pass last warned about (said once, not once per bookmark and pass).
    let backgroundEngineFailure = Mutex<String?>(nil)

    /// A service over `library` asking `engine`; `readPage` fetches a page's readable text; `tagSuggester` picks the tags.
    public init(library: LibraryService, engine: any AIEngine, status: EngineStatus,
                readPage: @escaping @Sendable (URL) async throws -> PageTextReader.Page, writeSummaryToNotes: Bool = false,
                tagSuggester: TagSuggester? = nil) {
        self.library = library
        self.engine = engine
        self.status = status
        self.readPage = readPage
        self.writeSummaryToNotes = writeSummaryToNotes
        self.tagSuggester = tagSuggester
    }

    /// Enriches the bookmark with `id` and stores the result; returns it with the engine that answered.
    public func enrich(id: Int) async throws -> EnrichmentOutcome {
        try await enrich(try await library.bookmark(id: id), vocabulary: await vocabulary())
    }

    /// Enriches `bookmark` (read from the page, else from its title and description) and stores the result.
    /// `keepingTags`: a summary made again (`resummarize`) keeps the AI tags it had and is not appended to the notes.
    func enrich(_ bookmark: Bookmark, vocabulary: [String], keepingTags: [String]? = nil) async throws -> EnrichmentOutcome {
        var request = EnrichRequest(url: bookmark.url, title: Self.nonEmpty(bookmark.title),
                                    description: Self.nonEmpty(bookmark.description) ?? Self.nonEmpty(bookmark.notes),
                                    vocabulary: vocabulary.isEmpty ? nil : vocabulary)
        var fromTitleOnly = true
        if let url = URL(string: bookmark.url) {
            do {
                let page = try await readPage(url)
                request.text = page.text
                request.title = request.title ?? Self.nonEmpty(page.title)
                request.description = request.description ?? Self.nonEmpty(page.description)
                fromTitleOnly = page.text.isEmpty
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                fromTitleOnly = true  // an unreachable page still gets a summary from what the bookmark says
            }
        }
        let answer = try await engine.enrichAnswer(request)
        let tags: [String]
        if let keepingTags {
            tags = keepingTags
        } else {
            tags = try await suggestedTags(for: bookmark, request: request, answer: answer.value)
        }
        var saved = try await library.setAIMetadata(id: bookmark.id, summary: answer.value.summary,
                                                    tags: tags, engine: answer.engine)
        if keepingTags == nil, writeSummaryToNotes, let appended = try await appendSummaryToNotes(saved) {
            saved = appended
        }
        return EnrichmentOutcome(bookmark: saved, summary: answer.value.summary, tags: saved.aiTags, engine: answer.engine,
                                 fallbackReason: answer.fallbackReason, fromTitleOnly: fromTitleOnly)
    }

    /// The AI tags for `bookmark` through the one `TagSuggester`: its neighbours' tags, else the engine's. None for a
    /// bookmark that is only an address (no title, description, notes or readable page): tags guessed from a URL's
    /// letters are noise; its page's text, once archived, gets them (`resummarize`).
    private func suggestedTags(for bookmark: Bookmark, request: EnrichRequest, answer: EnrichResult) async throws -> [String] {
        guard request.title != nil || request.description != nil || !(request.text ?? "").isEmpty else { return [] }
        guard let tagSuggester else { return TagSuggester.cleaned(answer.tags, excluding: bookmark.tagNames) }
        let text = Self.nonEmpty(answer.summary) ?? request.description ?? ""
        let page = TagSuggester.Page(url: bookmark.url, title: request.title ?? "", text: text, tags: bookmark.tagNames,
                                     bookmarkID: bookmark.id)
        let result = try await tagSuggester.suggest(page) { answer.tags }
        for warning in result.warnings { library.warn("enriching bookmark \(bookmark.id): \(warning)") }
        return result.tags
    }

    /// The user's tag names, most used first. When they cannot be read enrichment goes on without them, with a
    /// warning (the tags then come from the page alone).
    func vocabulary() async -> [String] {
        do {
            return try await library.tagCounts().prefix(EngineLimits().vocabulary).map(\.name)
        } catch {
            library.warn("enriching without your tags as vocabulary (they could not be read): \(LibraryService.describe(error))")
            return []
        }
    }

    /// Appends the bookmark's AI summary to its notes (only `notes` is sent; existing notes are kept, and a
    /// summary already there is not added again). Returns the updated bookmark, or nil when nothing changed.
    private func appendSummaryToNotes(_ bookmark: Bookmark) async throws -> Bookmark? {
        guard let summary = bookmark.aiSummary, !summary.isEmpty else { return nil }
        let current = try await library.source.bookmark(id: bookmark.id).notes
        guard !current.contains(summary) else { return nil }
        let notes = current.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? summary : current + "\n\n" + summary
        var updated = try await library.update(id: bookmark.id, BookmarkUpdate(notes: notes))
        updated.aiSummary = bookmark.aiSummary
        updated.aiTags = bookmark.aiTags
        return updated
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
        return text
    }
}
