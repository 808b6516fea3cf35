import Foundation
import MarksCore
import MarksIndex
import SQLiteDatabase

extension HighlightStore {
    /// `pages` (the archived page texts the search index cuts passages from) with each page's highlights and notes
    /// after its text, under a heading "Highlights", so keyword search and Ask find them and Ask may cite one. A page's
    /// version gains its highlights' count and last change, so the index takes them again when they change.
    public func pageTexts(over pages: SearchIndex.PageTexts) -> SearchIndex.PageTexts {
        SearchIndex.PageTexts(versions: { urls in
            var versions = try pages.versions(urls)
            for (url, version) in try self.versions(urls: urls) { versions[url] = (versions[url] ?? "") + "+" + version }
            return versions
        }, text: { url in
            let page = try pages.text(url)
            let highlights = try self.highlights(url: url)
            guard !highlights.isEmpty else { return page }
            let version = (page?.version ?? "") + "+" + Self.version(highlights)
            return (version, (page?.blocks ?? []) + Self.passageBlocks(highlights))
        })
    }

    /// A document's highlights and notes as blocks after its text (`SearchIndex.documentObserver`'s `more`), as a
    /// page's are: keyword search and Ask find them, and Ask may cite one.
    public func passageBlocks(documentID: UUID) throws -> [PassageBlock] {
        Self.passageBlocks(try highlights(documentID: documentID))
    }

    /// Highlights as passage blocks: a heading "Highlights", then each quote with its note (none: no blocks).
    static func passageBlocks(_ highlights: [Highlight]) -> [PassageBlock] {
        guard !highlights.isEmpty else { return [] }
        return [PassageBlock(.heading, "Highlights")] + highlights.map { highlight in
            PassageBlock(.paragraph, "Highlighted: “\(highlight.quote)”" + (highlight.note.map { " Note: \($0)" } ?? ""))
        }
    }

    /// The highlights made on pages at `url` (any source), in the order they were made.
    func highlights(url: String) throws -> [Highlight] {
        try highlightRows("SELECT * FROM highlights WHERE url = ? ORDER BY id", [.text(url)])
    }

    /// The version of each of `urls` that has highlights: their count and last change (one pass over the table,
    /// which is small beside the library: a full sync asks for every URL).
    func versions(urls: [String]) throws -> [String: String] {
        let wanted = Set(urls)
        var found: [String: String] = [:]
        for row in try versionRows() where wanted.contains(row.url) { found[row.url] = Self.version(count: row.count, last: row.last) }
        return found
    }

    static func version(_ highlights: [Highlight]) -> String {
        version(count: highlights.count, last: highlights.map(\.updatedAt.timeIntervalSince1970).max() ?? 0)
    }

    static func version(count: Int, last: Double) -> String { "h\(count)@\(last)" }
}
