import Foundation
import MarksBookmarks
import MarksReading

extension CompositionRoot {
    /// The library's Markdown and JSON exports and the JSON's import (`marks export`, `marks import`, Settings), over
    /// the one library, its highlights, the page text in its archive, the reading progress and the sources.
    public func libraryExport() throws -> LibraryExport {
        LibraryExport(library: try library(), highlights: try highlights(), archive: try pageArchive(), reading: readingState(),
                      documents: try sources(), now: context.now)
    }

    /// How far each bookmark was read and where the reader stopped (`web_reading.json` in the data directory), made once.
    public func readingState() -> ReadingStateStore {
        let directory = paths.dataDirectory
        let warn = warn
        return part(\.readingState) { ReadingStateStore(directory: directory, log: warn) }
    }

    /// Settings → Import's reading of a Marks export (for `ImportJobs.jobKind`'s `otherFormat`): nil for any other file.
    public func marksExportImport() throws -> @Sendable (LibraryService, String) async throws -> ImportReport? {
        let highlights = try highlights()
        let archive = try pageArchive()
        let reading = readingState()
        let documents = try sources()
        let now = context.now
        return { library, text in
            guard LibraryExport.recognises(Data(text.utf8.prefix(512))) else { return nil }
            return try await LibraryExport(library: library, highlights: highlights, archive: archive, reading: reading, documents: documents,
                                           now: now).importJSON(Data(text.utf8)).bookmarks
        }
    }
}
