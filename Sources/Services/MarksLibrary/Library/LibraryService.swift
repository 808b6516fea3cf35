import Foundation
import MarksCore

/// The one library service (the seeds' `BookmarksViewModel` side effects, free of any UI): every surface —
/// CLI, web app, share flow, intents — changes bookmarks through it, so the side effects happen once:
/// add checks first and never overwrites, update keeps local AI metadata, widget data is rewritten after
/// loads and saves.
public final class LibraryService: Sendable {
    public let source: any BookmarkSource
    private let widgets: WidgetDataStore?
    private let now: @Sendable () -> Date
    private let warn: @Sendable (String) -> Void
    private let observers: [LibraryObserver]

    /// A library over a bookmark source; `widgets` nil turns widget files off. `warn` receives problems
    /// with side effects (a widget file that could not be written) that must not fail the save itself.
    /// `observers` hear of every change (the search index, enrichment).
    public init(source: any BookmarkSource, widgets: WidgetDataStore?, now: @escaping @Sendable () -> Date,
                warn: @escaping @Sendable (String) -> Void, observers: [LibraryObserver] = []) {
        self.source = source
        self.widgets = widgets
        self.now = now
        self.warn = warn
        self.observers = observers
    }

    private func notifySaved(_ bookmarks: [Bookmark]) async {
        guard !bookmarks.isEmpty else { return }
        for observer in observers { await observer.saved(bookmarks) }
    }

    private func notifyRemoved(_ ids: [Int]) async {
        for observer in observers { await observer.removed(ids) }
    }

    /// Loads the first page for a filter; the unfiltered list refreshes the widget data.
    public func load(_ filter: LibraryFilter) async throws -> LibraryPage {
        let page = try await source.list(filter.listQuery)
        if filter.isUnfiltered && filter.sort == .addedDesc { writeWidgets(page.results) }
        await notifySaved(filter.archived ? [] : page.results)
        return LibraryPage(bookmarks: page.results, count: page.count, next: page.next)
    }

    /// Loads the page a previous page's `next` points to.
    public func loadMore(_ next: String) async throws -> LibraryPage {
        let page = try await source.page(at: next)
        await notifySaved(page.results.filter { !$0.isArchived })
        return LibraryPage(bookmarks: page.results, count: page.count, next: page.next)
    }

    /// One bookmark.
    public func bookmark(id: Int) async throws -> Bookmark {
        try await source.bookmark(id: id)
    }

    /// The existing bookmark for a URL (if any), page metadata and auto tags.
    public func check(url: String) async throws -> BookmarkCheck {
        try await source.check(url: url)
    }

    /// Saves a URL. An existing bookmark (found by `check`) is PATCHed with what the person typed — tags
    /// added to its own, empty fields left alone — never overwritten by a POST.
    public func add(_ request: AddBookmarkRequest) async throws -> AddBookmarkResult {
        let url = request.url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard URLNormalizer.isValidWebURL(url, allowDotlessHosts: true) else { throw LibraryError.invalidURL(url) }
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
            let saved = update.isEmpty ? existing : try await source.update(id: existing.id, update)
            await refreshWidgets()
            await notifySaved(saved.isArchived ? [] : [saved])
            return AddBookmarkResult(bookmark: saved, existed: true)
        }
        let draft = BookmarkDraft(url: url, title: request.title, description: request.description, notes: request.notes,
                                  unread: request.unread, shared: request.shared, tagNames: tags)
        let saved = try await source.create(draft, scrape: request.title.isEmpty)
        await refreshWidgets()
        await notifySaved([saved])
        return AddBookmarkResult(bookmark: saved, existed: false)
    }

    /// Applies only the changed fields; the returned bookmark keeps `original`'s local AI metadata.
    public func update(_ original: Bookmark, to edited: Bookmark) async throws -> Bookmark {
        let update = BookmarkUpdate(from: original, to: edited)
        guard !update.isEmpty else { return original }
        let saved = try await source.update(id: original.id, update).keepingAIMetadata(of: original)
        await refreshWidgets()
        await saved.isArchived ? notifyRemoved([saved.id]) : notifySaved([saved])
        return saved
    }

    /// Applies an update by id.
    public func update(id: Int, _ update: BookmarkUpdate) async throws -> Bookmark {
        let saved = try await source.update(id: id, update)
        await refreshWidgets()
        await saved.isArchived ? notifyRemoved([saved.id]) : notifySaved([saved])
        return saved
    }

    /// Deletes a bookmark.
    public func delete(id: Int) async throws {
        try await source.delete(id: id)
        await refreshWidgets()
        await notifyRemoved([id])
    }

    /// Archives a bookmark.
    public func archive(id: Int) async throws {
        try await source.archive(id: id)
        await refreshWidgets()
        await notifyRemoved([id])
    }

    /// Unarchives a bookmark.
    public func unarchive(id: Int) async throws {
        try await source.unarchive(id: id)
        await refreshWidgets()
        await notifySaved([try await source.bookmark(id: id)])
    }

    /// Every tag with its count from linkding tags and AI tags, by count then name.
    public func tagCounts() async throws -> [TagCount] {
        var linkding: [String: (String, Int)] = [:]
        var ai: [String: Int] = [:]
        var page = try await source.list(BookmarkListQuery(limit: 1000))
        while true {
            for bookmark in page.results {
                for tag in bookmark.tagNames { linkding[tag.lowercased(), default: (tag, 0)].1 += 1 }
                for tag in bookmark.aiTags { ai[tag.lowercased(), default: 0] += 1 }
            }
            guard let next = page.next else { break }
            page = try await source.page(at: next)
        }
        var counts: [TagCount] = linkding.map { key, value in TagCount(name: value.0, linkdingCount: value.1, aiCount: ai[key] ?? 0) }
        for (key, count) in ai where linkding[key] == nil { counts.append(TagCount(name: key, linkdingCount: 0, aiCount: count)) }
        return TagCount.ordered(counts)
    }

    /// Rewrites the widget files from the newest bookmarks after a save.
    private func refreshWidgets() async {
        guard widgets != nil else { return }
        do {
            writeWidgets(try await source.list(BookmarkListQuery(limit: WidgetDataStore.keptBookmarks)).results)
        } catch {
            warn("widget data not refreshed: \(error)")
        }
    }

    private func writeWidgets(_ bookmarks: [Bookmark]) {
        guard let widgets else { return }
        do {
            try widgets.saveBookmarks(bookmarks, now: now())
        } catch {
            warn("widget data not written: \(error)")
        }
    }
}
