import Foundation
import MarksBookmarks
import MarksCore
import SQLiteDatabase

extension HighlightStore {
    /// This store as the library's `ImportedHighlightStore`: the highlights of another service's export (a quote and
    /// a note, no context: the reader places them by their words) saved by `saveImported`; `changed` follows a save
    /// that added some (the search index takes them).
    public func importedHighlights(changed: @escaping @Sendable (_ bookmarkIDs: [Int]) async -> Void = { _ in }) -> ImportedHighlightStore {
        ImportedHighlightStore(save: { [self] source, items, dryRun in try saveImported(items, source: source, dryRun: dryRun) },
                               changed: changed)
    }

    /// Saves `items` on the bookmarks of `source` in one transaction, dated as the export says (else now): each unless
    /// the bookmark already has a highlight with the same quote and note (whatever its context), which is left as it
    /// is — so the same file imported twice adds nothing. Every item is checked first (`HighlightError`, nothing
    /// written). With `dryRun` nothing is written, only counted.
    public func saveImported(_ items: [ImportedHighlightStore.Item], source: String, dryRun: Bool = false) throws -> ImportedHighlightStore.Counts {
        var checked: [(ImportedHighlightStore.Item, HighlightDraft)] = []
        for item in items {
            guard item.bookmarkID > 0 else { throw HighlightError.storage("bookmark id \(item.bookmarkID) is not valid") }
            checked.append((item, try HighlightDraft(quote: item.highlight.quote, note: item.highlight.note).validated()))
        }
        let time = now()
        return try storage {
            try database.write { connection in
                var counts = ImportedHighlightStore.Counts()
                var seen = Set<[String]>()
                for (item, draft) in checked {
                    let note = draft.note.map(SQLValue.text) ?? .null
                    let key = [String(item.bookmarkID), draft.anchor.quote, draft.note ?? ""]
                    let known = try !seen.insert(key).inserted || connection.queryOne("""
                        SELECT 1 FROM highlights WHERE source = ? AND bookmark_id = ? AND quote = ? AND note IS ? LIMIT 1
                        """, [.text(source), .integer(Int64(item.bookmarkID)), .text(draft.anchor.quote), note]) != nil
                    if known {
                        counts.unchanged += 1
                        continue
                    }
                    counts.added += 1
                    guard !dryRun else { continue }
                    let date = (item.highlight.date ?? time).timeIntervalSince1970
                    try connection.run("""
                        INSERT INTO highlights (source, bookmark_id, url, quote, prefix, suffix, note, created_at, updated_at)
                        VALUES (?, ?, ?, ?, '', '', ?, ?, ?)
                        """, [.text(source), .integer(Int64(item.bookmarkID)), .text(item.url), .text(draft.anchor.quote), note,
                              .real(date), .real(date)])
                }
                return counts
            }
        }
    }
}
