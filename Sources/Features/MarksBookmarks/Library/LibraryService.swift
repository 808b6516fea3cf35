import Foundation
import MarksCore

/// The one library service (the seeds' `BookmarksViewModel` side effects, free of any UI): every surface —
/// CLI, web app, share flow, intents — changes bookmarks through it, so the side effects happen once:
/// add checks first and never overwrites, update keeps local AI metadata, the local cache follows every change
/// (never replaced by a filtered list), widget data is rewritten after loads and saves, observers hear of all of it.
public final class LibraryService: Sendable {
    public let source: any BookmarkSource
    /// The local cache (bookmark list, AI metadata, sync state); nil runs without one, straight to the source.
    public let cache: BookmarkCache?
    let widgets: WidgetDataStore?
    let now: @Sendable () -> Date
    let warn: @Sendable (String) -> Void
    let observers: [LibraryObserver]
    let syncOptions: SyncOptions
    let syncGate = SyncGate()
    /// How deletes reach a source without its own trash (nil: at once).
    let deferredDeletes: DeferredDeletes?
    /// Where an import's highlights go (nil: into the notes as text).
    let importedHighlights: ImportedHighlightStore?

    /// A library over a bookmark source; `widgets` nil turns widget files off. `warn` receives problems
    /// with side effects (a widget file that could not be written, a cache row that could not be read) that must
    /// not fail the operation itself. `observers` hear of every change (the search index, enrichment).
    /// `deferredDeletes` sends a linkding source's deletes when the undo window closes (`LibraryService+Trash.swift`);
    /// `importedHighlights` keeps the highlights of other services' exports (`LibraryService+Import.swift`).
    public init(source: any BookmarkSource, widgets: WidgetDataStore?, now: @escaping @Sendable () -> Date,
                warn: @escaping @Sendable (String) -> Void, observers: [LibraryObserver] = [],
                cache: BookmarkCache? = nil, syncOptions: SyncOptions = SyncOptions(), deferredDeletes: DeferredDeletes? = nil,
                importedHighlights: ImportedHighlightStore? = nil) {
        self.source = source
        self.widgets = widgets
        self.now = now
        self.warn = warn
        self.observers = observers
        self.cache = cache
        self.syncOptions = syncOptions
        self.deferredDeletes = deferredDeletes
        self.importedHighlights = importedHighlights
    }

    /// Bookmarks another writer of the same store saved (the embedded store's `/api/`): the observers (the search index,
    /// favicons, the page-text archive) hear of them as of a save here. Ids gone meanwhile are skipped.
    public func savedElsewhere(ids: [Int]) async throws {
        let bookmarks = try await self.bookmarks(ids: ids)
        guard !bookmarks.isEmpty else { return }
        await notifySaved(bookmarks)
    }

    func notifySaved(_ bookmarks: [Bookmark]) async {
        guard !bookmarks.isEmpty else { return }
        for observer in observers { await observer.saved(bookmarks) }
    }

    func notifyArchived(_ ids: [Int]) async {
        guard !ids.isEmpty else { return }
        for observer in observers { await observer.archived(ids) }
    }

    func notifyUnarchived(_ bookmarks: [Bookmark]) async {
        guard !bookmarks.isEmpty else { return }
        for observer in observers { await observer.unarchived(bookmarks) }
    }

    func notifyPurged(_ ids: [Int]) async {
        guard !ids.isEmpty else { return }
        let identity = source.identity
        for observer in observers { await observer.purged(identity, ids) }
    }

    func notifyDeleted(_ ids: [Int]) async {
        guard !ids.isEmpty else { return }
        for observer in observers { await observer.deleted(ids) }
    }

    /// Loads the first page for a filter. With a cache, `cached` first receives what the cache holds for the
    /// unfiltered list (so a surface shows something at once); then the page is fetched, local AI metadata is
    /// restored onto it, and — only for the unfiltered list — the cache and the widget data are updated.
    public func load(_ filter: LibraryFilter, cached: (@Sendable (LibraryPage) async -> Void)? = nil) async throws -> LibraryPage {
        if let cached, let page = cachedPage(filter) { await cached(page) }
        if let page = try await aiTaggedPage(filter) { return page }
        let query = filter.listQuery
        let page = hidingTrashed(try await source.list(query))
        let bookmarks = restoringAIMetadata(page.results)
        if filter.isUnfiltered {
            saveFirstPage(bookmarks, isWholeList: page.next == nil, newestFirst: filter.sort == .addedDesc)
            if filter.sort == .addedDesc { writeWidgets(bookmarks) }
        }
        if tellsObserversOfLoads { await notifySaved(filter.archived ? [] : bookmarks) }
        return LibraryPage(bookmarks: bookmarks, count: page.count, next: page.next)
    }

    /// Whether a loaded page is passed to the observers: over a linkding server a load is how changes made elsewhere
    /// arrive (so the index, favicons and archive hear of them); over the embedded store (its cache reads the store)
    /// every change is made through a library or its `/api/` (`savedElsewhere`), so a page view writes nothing.
    var tellsObserversOfLoads: Bool { cache?.store == nil }

    /// Loads the page a previous page's `next` points to; a page of the unfiltered list is added to the cache.
    public func loadMore(_ next: String) async throws -> LibraryPage {
        if let page = try await cachedCursorPage(next) { return page }
        let page = hidingTrashed(try await source.page(at: next))
        let bookmarks = restoringAIMetadata(page.results)
        if Self.isUnfilteredLink(next) { cacheUpsert(bookmarks.filter { !$0.isArchived }) }
        if tellsObserversOfLoads { await notifySaved(bookmarks.filter { !$0.isArchived }) }
        return LibraryPage(bookmarks: bookmarks, count: page.count, next: page.next)
    }

    /// One bookmark, with its local AI metadata.
    public func bookmark(id: Int) async throws -> Bookmark {
        if isInLibraryTrash(id) { throw BookmarkSourceError.notFound }
        return restoringAIMetadata(try await source.bookmark(id: id))
    }

    /// The existing bookmark for a URL (if any), page metadata and auto tags.
    public func check(url: String) async throws -> BookmarkCheck {
        try await source.check(url: url)
    }

    /// Saves a URL. An existing bookmark (found by `check`) is PATCHed with what the person typed — tags
    /// added to its own, empty fields left alone — never overwritten by a POST.
    public func add(_ request: AddBookmarkRequest) async throws -> AddBookmarkResult {
        let url = request.url.trimmingCharacters(in: .whitespacesAndNewlines)
        try LibraryError.check(webURL: url)
        let tags = TagNames.parse(request.tags.joined(separator: ","))
        if let existing = try await source.check(url: url).bookmark {
            var update = BookmarkUpdate()
            if !request.title.isEmpty && request.title != existing.title { update.title = request.title }
            if !request.notes.isEmpty && request.notes != existing.notes { update.notes = request.notes }
            if !request.description.isEmpty && request.description != existing.description { update.description = request.description }
            let known = Set(existing.tagNames.map { $0.lowercased() })
            let added = tags.filter { !known.contains($0.lowercased()) }
            if !added.isEmpty { update.tagNames = existing.tagNames + added }
            if request.unread && !existing.unread { update.unread = true }
            if request.shared && !existing.shared { update.shared = true }
            let saved = restoringAIMetadata(update.isEmpty ? existing : try await source.update(id: existing.id, update))
            cacheUpsert([saved])
            await refreshWidgets()
            await notifySaved([saved])
            return AddBookmarkResult(bookmark: saved, existed: true)
        }
        let draft = BookmarkDraft(url: url, title: request.title, description: request.description, notes: request.notes,
                                  unread: request.unread, shared: request.shared, tagNames: tags)
        let saved = restoringAIMetadata(try await source.create(draft, scrape: request.title.isEmpty))
        cacheUpsert([saved])
        await refreshWidgets()
        await notifySaved([saved])
        return AddBookmarkResult(bookmark: saved, existed: false)
    }

    /// Applies only the changed fields; the returned bookmark keeps its local AI metadata (the stored one, else
    /// `original`'s).
    public func update(_ original: Bookmark, to edited: Bookmark) async throws -> Bookmark {
        let update = BookmarkUpdate(from: original, to: edited)
        guard !update.isEmpty else { return original }
        var saved = restoringAIMetadata(try await source.update(id: original.id, update))
        if saved.aiSummary == nil && saved.aiTags.isEmpty { saved = saved.keepingAIMetadata(of: original) }
        await finishUpdate(saved)
        return saved
    }

    /// Applies an update by id; the returned bookmark carries its stored AI metadata.
    public func update(id: Int, _ update: BookmarkUpdate) async throws -> Bookmark {
        let saved = restoringAIMetadata(try await source.update(id: id, update))
        await finishUpdate(saved)
        return saved
    }

    func finishUpdate(_ saved: Bookmark) async {
        cacheUpsert([saved])
        await refreshWidgets()
        await notifySaved([saved])
    }


    /// Archives a bookmark; it leaves the cached live list.
    public func archive(id: Int) async throws {
        try await source.archive(id: id)
        cacheMarkArchived(id)
        await refreshWidgets()
        await notifyArchived([id])
    }

    /// Unarchives a bookmark; it returns to the cached live list.
    public func unarchive(id: Int) async throws {
        try await source.unarchive(id: id)
        let bookmark = restoringAIMetadata(try await source.bookmark(id: id))
        cacheUpsert([bookmark])
        await refreshWidgets()
        await notifyUnarchived([bookmark])
    }

    /// Rewrites the widget files from the newest bookmarks after a save (that first page also updates the cache).
    func refreshWidgets() async {
        guard widgets != nil else { return }
        do {
            let page = hidingTrashed(try await source.list(BookmarkListQuery(limit: WidgetDataStore.keptBookmarks)))
            saveFirstPage(page.results, isWholeList: page.next == nil, newestFirst: true)
            writeWidgets(restoringAIMetadata(page.results))
        } catch {
            warn("widget data not refreshed: \(error)")
        }
    }

    func writeWidgets(_ bookmarks: [Bookmark]) {
        guard let widgets else { return }
        do {
            try widgets.saveBookmarks(bookmarks, now: now())
        } catch {
            warn("widget data not written: \(error)")
        }
    }
}
