import Foundation
import MarksBookmarks
import MarksReading

extension CompositionRoot {
    /// The library's Markdown and JSON exports and the JSON's import (`marks export`, `marks import`, Settings), over
    /// the one library, its highlights and, for the page text, its archive.
    public func libraryExport() throws -> LibraryExport {
        LibraryExport(library: try library(), highlights: try highlights(), archive: try pageArchive(), now: context.now)
    }

    /// Settings → Import's reading of a Marks export (for `ImportJobs.jobKind`'s `otherFormat`): nil for any other file.
    public func marksExportImport() throws -> @Sendable (LibraryService, String) async throws -> ImportReport? {
        let highlights = try highlights()
        let now = context.now
        return { library, text in
            guard LibraryExport.recognises(Data(text.utf8.prefix(512))) else { return nil }
            return try await LibraryExport(library: library, highlights: highlights, archive: nil, now: now).importJSON(Data(text.utf8)).bookmarks
        }
    }
}
