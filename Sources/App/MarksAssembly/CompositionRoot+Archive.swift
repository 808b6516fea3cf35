import MarksClients
import MarksCore
import MarksIndex
import MarksJobs
import MarksAsk
import MarksBookmarks
import MarksReading

extension CompositionRoot {
    /// The page-text archive in `marks.sqlite`, fetching through the one page fetcher; every text it stores goes
    /// into the search index as passages (embedded in the background when this process runs background work).
    public func pageArchive() throws -> PageArchive {
        let database = try data().database
        let index = try searchIndex()
        let indexer = runsBackgroundWork ? try self.indexer() : nil
        let fetcher = fetcher()
        let now = context.now
        let warn = warn
        return try part(\.archive) {
            try PageArchive(database: database, fetcher: fetcher, now: now, didStore: index.archiveObserver(indexer: indexer, warn: warn))
        }
    }

    /// Where the index observers read archived page texts; none (with a warning) when the archive cannot be opened.
    public func pageTexts() -> SearchIndex.PageTexts {
        do {
            return try pageArchive().pageTexts
        } catch {
            warn("archived page texts are not being indexed: \(AssemblyFailure.describe(error))")
            return .none
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
