import Compression
import Foundation
import MarksBookmarks
import MarksCore
import MarksDocuments

/// The library as files to keep: Marks' own JSON (`MarksExportFile`, read back by `importJSON`) and Markdown notes,
/// one per bookmark (`BookmarkMarkdown`), into a folder or a ZIP. Both are written as they are made, bookmark by
/// bookmark, through the caller's writer, so a library of 100,000 is never one string.
public struct LibraryExport: Sendable {
    let library: LibraryService
    let highlights: HighlightStore?
    let archive: PageArchive?
    let reading: ReadingStateStore?
    let documents: DocumentLibrary?
    let now: @Sendable () -> Date

    /// An export of `library` with its `highlights`, the page text in its `archive`, where `reading` stopped and the
    /// sources in `documents` (each nil: left out, and not put back on import).
    public init(library: LibraryService, highlights: HighlightStore?, archive: PageArchive?, reading: ReadingStateStore? = nil,
                documents: DocumentLibrary? = nil, now: @escaping @Sendable () -> Date) {
        self.library = library
        self.highlights = highlights
        self.archive = archive
        self.reading = reading
        self.documents = documents
        self.now = now
    }

    /// One bookmark and what Marks keeps beside it.
    struct Item {
        var bookmark: Bookmark
        var ai: AIMetadata?
        var highlights: [Highlight]
        var reading: ReadingStateStore.Entry?
    }

    /// The library's bookmarks (newest first, then by URL), with their AI metadata and highlights, handed to `body`
    /// one at a time; returns how many.
    func forEachItem(progress: @escaping @Sendable (Int, Int) -> Void, _ body: (Item) async throws -> Void) async throws -> Int {
        let bookmarks = try await library.exportedBookmarks()
        var byBookmark: [Int: [Highlight]] = [:]
        for highlight in try highlights?.highlights(source: library.source.identity) ?? [] {
            guard let id = highlight.bookmarkID else { continue }  // a source's (document's): not a bookmark's
            byBookmark[id, default: []].append(highlight)
        }
        for (index, bookmark) in bookmarks.enumerated() {
            if index % 500 == 0 { progress(index, bookmarks.count) }
            let marked = (byBookmark[bookmark.id] ?? []).sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            try await body(Item(bookmark: bookmark, ai: try library.aiMetadata(id: bookmark.id), highlights: marked,
                                reading: reading?.entry(for: bookmark.id)))
        }
        progress(bookmarks.count, bookmarks.count)
        return bookmarks.count
    }

    /// Writes the JSON export through `write`, in parts of about 64 KB, with each bookmark's archived page text when
    /// `pageText`; returns how many bookmarks it holds.
    @discardableResult
    public func writeJSON(pageText: Bool = true, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
                         to write: (Data) async throws -> Void) async throws -> Int {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var buffer = Data()
        buffer.append(contentsOf: "{\"format\":\"\(MarksExportFile.format)\",\"version\":\(MarksExportFile.version),\"exported_at\":\"\(LinkdingDate.format(now()))\",\"bookmarks\":[".utf8)
        var first = true
        let count = try await forEachItem(progress: progress) { item in
            buffer.append(contentsOf: (first ? "\n" : ",\n").utf8)
            first = false
            var exported = Self.exported(item)
            exported.page = pageText ? try archive?.exportedPage(url: item.bookmark.url) : nil
            do {
                buffer.append(try encoder.encode(exported))
            } catch {
                throw LibraryExportError.output("bookmark \(item.bookmark.url) could not be encoded: \(error)")
            }
            if buffer.count >= 64 * 1024 {
                try await write(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        buffer.append(contentsOf: "\n],\"sources\":[".utf8)
        first = true
        for source in try exportedSources() {
            buffer.append(contentsOf: (first ? "\n" : ",\n").utf8)
            first = false
            do {
                buffer.append(try encoder.encode(source))
            } catch {
                throw LibraryExportError.output("source \(source.sha256.prefix(8)) could not be encoded: \(error)")
            }
            try await write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
        buffer.append(contentsOf: "\n]}\n".utf8)
        try await write(buffer)
        return count
    }

    /// Writes one Markdown note per bookmark through `file` (a safe, unique name and the note's bytes), with the
    /// archived page text when `withText`; returns how many notes.
    @discardableResult
    public func writeMarkdown(withText: Bool, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
                              file: (_ name: String, _ contents: Data) async throws -> Void) async throws -> Int {
        var names = Set<String>()
        let source = library.source.identity
        return try await forEachItem(progress: progress) { item in
            let text = withText ? try archive?.text(url: item.bookmark.url)?.blocks : nil
            let note = BookmarkMarkdown.note(for: item.bookmark, source: source, ai: item.ai, highlights: item.highlights, pageText: text)
            var name = NoteFileName.name(title: item.bookmark.title, url: item.bookmark.url)
            var repeatCount = 1
            while !names.insert(name).inserted {
                repeatCount += 1
                name = String(name.dropLast(3)) + "-\(repeatCount).md"
            }
            try await file(name, Data(note.utf8))
        }
    }

    /// The Markdown notes as one ZIP (a folder `marks/` inside), written through `write` as each note is made.
    @discardableResult
    public func writeMarkdownZip(withText: Bool, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
                                 to write: (Data) async throws -> Void) async throws -> Int {
        var zip = ZipWriter(modified: now())
        let count = try await writeMarkdown(withText: withText, progress: progress) { name, contents in
            do {
                try await write(try zip.entry(name: "marks/" + name, contents: contents))
            } catch let error as ZipError {
                throw LibraryExportError.output(error.description)
            }
        }
        do {
            try await write(try zip.finish())
        } catch let error as ZipError {
            throw LibraryExportError.output(error.description)
        }
        return count
    }

    /// A bookmark as the JSON export holds it.
    static func exported(_ item: Item) -> MarksExportFile.Bookmark {
        let bookmark = item.bookmark
        return MarksExportFile.Bookmark(
            url: bookmark.url, title: bookmark.title, description: bookmark.description, notes: bookmark.notes,
            tags: bookmark.tagNames, unread: bookmark.unread, archived: bookmark.isArchived, shared: bookmark.shared,
            dateAdded: LinkdingDate.format(bookmark.dateAdded), dateModified: LinkdingDate.format(bookmark.dateModified),
            ai: item.ai.map { MarksExportFile.AI(summary: $0.summary, tags: $0.tags, engine: $0.engine, updatedAt: LinkdingDate.format($0.updatedAt)) },
            highlights: item.highlights.map(Self.exported),
            reading: item.reading.map(Self.exported))
    }

    static func exported(_ entry: ReadingStateStore.Entry) -> MarksExportFile.Reading {
        var position: MarksExportFile.Position?
        if let stop = entry.position {
            position = MarksExportFile.Position(block: stop.block, within: stop.within, quote: stop.quote, fraction: stop.fraction)
        }
        return MarksExportFile.Reading(progress: entry.progress, words: entry.words, position: position)
    }
}
