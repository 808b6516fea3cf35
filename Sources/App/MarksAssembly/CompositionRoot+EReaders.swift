import Foundation
import MarksAccess
import MarksAppAPI
import MarksBookmarks
import MarksFetch
import MarksReading
import MarksServer

extension CompositionRoot {
    /// The e-readers allowed in through the wallabag endpoints (Settings → Devices, `marks devices ereader`).
    public func eReaderClients() throws -> EReaderClients {
        try EReaderClients(database: try data().database, now: context.now)
    }

    /// The wallabag endpoints of `marks serve` over the current source's library: books from the page archive, their
    /// images through the one fetcher's size-capped `ImageFetcher`; the reading preferences (archiving marks read, new
    /// saves unread) from the one store the web app saves them through.
    func wallabagAPI(sources: SourceSwitch, archive: PageArchive, logError: @escaping @Sendable (String) -> Void) throws -> WallabagAPI {
        let exporter = EPUBExporter(archive: archive, images: ImageFetcher(fetcher: fetcher()), warn: warn)
        let warn = self.warn
        let store = readingPreferencesStore()
        let preferences = WallabagAPI.Preferences(archiveMarksRead: { store.current.archiveMarksRead },
                                                  newSavesUnread: { store.current.newSavesUnread })
        return WallabagAPI(clients: try eReaderClients(), library: { sources.current.library },
                           epub: { try await exporter.epub(for: $0) },
                           wordCounts: { urls in
                               do {
                                   return try archive.wordCounts(urls: urls)
                               } catch {
                                   warn("wallabag: reading times left out: \(AssemblyFailure.describe(error))")
                                   return [:]
                               }
                           },
                           preferences: preferences,
                           signIns: SlidingWindowLimiter(limit: WallabagAPI.signInLimit, now: context.now), logError: logError)
    }
}
