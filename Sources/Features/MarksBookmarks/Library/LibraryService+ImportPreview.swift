import MarksCore
import MarksStorage

extension LibraryService {
    /// What `importFile` would do with `text` in `format`, changing nothing: the file is read as the import reads it,
    /// every stored bookmark is listed (archived ones too) and each entry is matched by its normalised URL — a new
    /// URL is added, a stored one updated (or unchanged, when the file brings nothing new), a repeat or an entry the
    /// store refuses skipped with the store's reason; the file's highlights are counted as new or already there. Throws as `importFile` does for a file it cannot read.
    public func previewImport(_ text: String, format: ImportFormat, foldersAsTags: Bool = false,
                              mapPrivateFlag: Bool = true) async throws -> ImportPreview {
        let (entries, reading) = try ImportFileReading.readAll(text, format: format, foldersAsTags: foldersAsTags,
                                                               keepingHighlights: importedHighlights != nil)
        var stored: [String: Bookmark] = [:]
        let walked = try await BookmarkWalker.all(source, BookmarkListQuery(limit: syncOptions.pageSize)) { _, _ in }.bookmarks
            + BookmarkWalker.all(source, BookmarkListQuery(limit: syncOptions.pageSize, archived: true)) { _, _ in }.bookmarks
        for bookmark in walked { stored[URLNormalizer.normalize(bookmark.url)] = bookmark }
        var items: [ImportPreview.Item] = []
        var notes: [ImportReport.Problem] = []
        for problem in reading.problems {
            if problem.message.hasPrefix("Skipped") || problem.message.contains(": Skipped") {
                items.append(ImportPreview.Item(action: .skip, url: problem.url, title: "", line: problem.line, reason: problem.message))
            } else {
                notes.append(problem)
            }
        }
        var seen = Set<String>()
        for (index, entry) in entries.enumerated() {
            let prepared = ImportEntry(entry)
            let placed = reading.problem(ofEntry: index, url: entry.url, message: "")
            var item = ImportPreview.Item(action: .add, url: entry.url, title: entry.title, line: placed.line, reason: nil)
            if !seen.insert(prepared.normalized).inserted {
                item.action = .skip
                item.reason = placed.message + "Its URL repeats an earlier entry of the same import."
            } else if let problem = prepared.problem {
                item.action = .skip
                item.reason = placed.message + problem
            } else if let old = stored[prepared.normalized] {
                item.action = Self.importUpdate(entry, onto: old, mapPrivateFlag: mapPrivateFlag).isEmpty ? .unchanged : .update
            }
            items.append(item)
        }
        return ImportPreview(items: items, notes: notes, highlights: try await saveImportedHighlights(reading, dryRun: true))
    }
}
