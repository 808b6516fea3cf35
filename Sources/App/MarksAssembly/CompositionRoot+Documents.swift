import Foundation
import MarksDocuments
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

    private func sourceIndexObserver() -> DocumentObserver? {
        do {
            let index = try searchIndex()
            let indexer = runsBackgroundWork ? try self.indexer() : nil
            return index.documentObserver(indexer: indexer, warn: warn)
        } catch {
            warn("the search index is not being updated: \(AssemblyFailure.describe(error))")
            return nil
        }
    }
}
