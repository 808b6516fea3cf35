import Foundation
import MarksDocuments
import SystemSupport

extension CompositionRoot {
    /// The sources library in `marks.sqlite`, originals under `<data>/sources/`, extraction tools found on `PATH`;
    /// every change reaches the search index through its source observer (when the index opens).
    public func sources() throws -> DocumentLibrary {
        let data = try data()
        let observer = sourceIndexObserver()
        let environment = context.environment
        let now = context.now
        let warn = warn
        return try part(\.sources) {
            let tools = DocumentExtractor.Tools.find(path: environment["PATH"])
            let library = try DocumentLibrary(database: data.database, directory: data.paths.dataDirectory.appendingPathComponent("sources", isDirectory: true),
                                            extractor: DocumentExtractor(tools: tools), observer: observer, now: now)
            for problem in library.leftoverProblems { warn("sources: \(problem)") }
            return library
        }
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
