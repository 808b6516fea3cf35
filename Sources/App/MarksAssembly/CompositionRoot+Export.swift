import MarksBookmarks
import MarksReading

extension CompositionRoot {
    /// The library's Markdown and JSON exports and the JSON's import (`marks export`, `marks import`, Settings), over
    /// the one library, its highlights and, for the page text, its archive.
    public func libraryExport() throws -> LibraryExport {
        LibraryExport(library: try library(), highlights: try highlights(), archive: try pageArchive(), now: context.now)
    }
}
