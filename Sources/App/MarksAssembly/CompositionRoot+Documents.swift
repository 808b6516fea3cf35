import Foundation
import MarksCore
import MarksDocuments
import MarksReading
import SystemSupport

extension CompositionRoot {
    /// The sources library in `marks.sqlite`, originals under `<data>/sources/`, extraction tools found on `PATH`;
    /// every change reaches the search index through its source observer (when the index opens).
    public func sources() throws -> DocumentLibrary {
        _ = try data()
        let observer = sourceIndexObserver()
        return try part(\.sources) { try makeSources(observer: observer) }
    }

    /// A sources library as `sources()` builds it, heard by `observer` instead of the search index's (nil: none).
    public func makeSources(observer: DocumentObserver?) throws -> DocumentLibrary {
        let data = try data()
        let tools = DocumentExtractor.Tools.find(path: context.environment["PATH"])
        let library = try DocumentLibrary(database: data.database, directory: data.paths.dataDirectory.appendingPathComponent("sources", isDirectory: true),
                                          extractor: DocumentExtractor(tools: tools), observer: observer, now: context.now)
        for problem in library.leftoverProblems { warn("sources: \(problem)") }
        return library
    }

    /// The search index's observer of sources (a source's highlights and notes are passages after its text), and
    /// the highlights' own: a source deleted for good takes its highlights with it.
    func sourceIndexObserver() -> DocumentObserver? {
        let highlights: HighlightStore?
        do {
            highlights = try self.highlights()
        } catch {
            warn("the highlights of sources are not being kept in step: \(AssemblyFailure.describe(error))")
            highlights = nil
        }
        let warn = self.warn
        let more: @Sendable (UUID) -> [PassageBlock] = { id in
            do {
                return try highlights?.passageBlocks(documentID: id) ?? []
            } catch {
                warn("the highlights of source \(id.uuidString.lowercased()) were not indexed: \(AssemblyFailure.describe(error))")
                return []
            }
        }
        let purged: @Sendable ([DocumentSummary]) async -> Void = { summaries in
            do {
                try highlights?.removeAll(documentIDs: summaries.map(\.id))
            } catch {
                warn("the highlights of sources deleted for good were not removed: \(AssemblyFailure.describe(error))")
            }
        }
        do {
            let index = try searchIndex()
            let indexer = runsBackgroundWork ? try self.indexer() : nil
            var observer = index.documentObserver(indexer: indexer, more: more, warn: warn)
            observer.purged = purged
            return observer
        } catch {
            warn("the search index is not being updated: \(AssemblyFailure.describe(error))")
            return DocumentObserver(saved: { _ in }, deleted: { _ in }, purged: purged)
        }
    }
}
