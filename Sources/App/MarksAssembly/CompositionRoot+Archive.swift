import MarksClients
import MarksCore
import MarksIndex
import MarksJobs
import MarksAsk
import MarksBookmarks
import MarksReading

extension CompositionRoot {
    /// The page-text archive in `marks.sqlite`, fetching through the one page fetcher; every text it stores goes
    /// into the search index as passages (embedded in the background when this process runs background work), and
    /// an offline summary made before it is queued to be made again from it (`enrich.resummarize`, run by serve).
    public func pageArchive() throws -> PageArchive {
        let database = try data().database
        let index = try searchIndex()
        let indexer = runsBackgroundWork ? try self.indexer() : nil
        let jobs = try jobs()
        let fetcher = fetcher()
        let now = context.now
        let warn = warn
        let indexText = index.archiveObserver(indexer: indexer, warn: warn)
        // The library is asked for when a text is stored (it observes the archive itself, so it cannot be built here).
        let library: @Sendable () throws -> LibraryService = { [weak self] in
            guard let self else { throw AssemblyFailure("the app is shutting down") }
            return try self.library()
        }
        let summarize = EnrichmentService.archiveObserver(library: library, ids: { try index.documentIDs(url: $0) },
                                                          untitled: { try index.untitledDocuments(among: $0) }, now: now,
                                                          enqueue: { _ = try await jobs.enqueue($0) }, warn: warn)
        return try part(\.archive) {
            try PageArchive(database: database, fetcher: fetcher, now: now, didStore: { texts in
                await indexText(texts)
                await summarize(texts)
            })
        }
    }

    /// Where the index observers read archived page texts, each page's highlights and notes after it; none (with a
    /// warning) when the archive cannot be opened, the texts alone when the highlights cannot.
    public func pageTexts() -> SearchIndex.PageTexts {
        let pages: SearchIndex.PageTexts
        do {
            pages = try pageArchive().pageTexts
        } catch {
            warn("archived page texts are not being indexed: \(AssemblyFailure.describe(error))")
            pages = .none
        }
        do {
            return try highlights().pageTexts(over: pages)
        } catch {
            warn("highlights are not being indexed: \(AssemblyFailure.describe(error))")
            return pages
        }
    }

    /// In a process that runs background work, an observer that queues the `archive.text` sweep after saves.
    public func archiveObservers() -> [LibraryObserver] {
        guard runsBackgroundWork else { return [] }
        do {
            let archive = try pageArchive()
            let jobs = try jobs()
            return [archive.observer(enqueue: { _ = try await jobs.enqueue($0) }, warn: warn)]
        } catch {
            warn("page texts are not being archived: \(AssemblyFailure.describe(error))")
            return []
        }
    }

    /// The search tool Ask calls (issue 14): hybrid passage retrieval over the index, on the shared model.
    public func searchTool() throws -> BookmarkSearchTool {
        BookmarkSearchTool(index: try searchIndex(), embedder: model)
    }

    /// Ask: the configured provider's tool-use loop first when the `ai` section names one, the extractive engine
    /// on the shared model otherwise (and as its fallback); conversations kept in `marks.sqlite`.
    public func askService() throws -> AskService {
        let provider = try config.ai.map { try ProviderSettings(config: $0, environment: context.environment).client() }
        return AskService(tool: try searchTool(), embedder: model, conversations: try AskConversationStore(database: data().database),
                          provider: provider, now: context.now)
    }
}
