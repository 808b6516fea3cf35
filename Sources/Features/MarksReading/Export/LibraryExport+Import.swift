import Foundation
import MarksBookmarks
import MarksCore
import MarksDocuments

extension LibraryExport {
    /// What a Marks export brought back.
    public struct ImportOutcome: Sendable, Equatable {
        /// The bookmarks' import (created, updated, problems).
        public var bookmarks: ImportReport
        /// Highlights added (those already there are left as the file has them).
        public var highlightsAdded: Int
        /// Bookmarks whose AI summary and tags were put back.
        public var aiRestored: Int
        /// Archived page texts put back (pages with a text here already keep it).
        public var pagesRestored: Int = 0
        /// Bookmarks whose reading progress was put back (those read here already keep theirs).
        public var readingRestored: Int = 0
        /// Sources added (one with the same content already here is kept, not doubled).
        public var sourcesAdded: Int = 0
    }

    /// Whether `data` begins as a Marks export (its opening names the format), for `marks import` and Settings →
    /// Import to tell it from a bookmark file before reading it.
    public static func recognises(_ data: Data) -> Bool {
        let opening = String(decoding: data.prefix(512), as: UTF8.self)
        return opening.drop(while: \.isWhitespace).hasPrefix("{") && opening.contains("\"\(MarksExportFile.format)\"")
    }

    /// Reads a Marks export whole and checks every entry before anything is written (`LibraryExportError` for a file
    /// cut short, of a newer version or with an unreadable entry: nothing imported), then imports its bookmarks
    /// (`LibraryService.importEntries`: an existing URL updated, never duplicated) and puts back their AI metadata,
    /// highlights, archived page text and reading progress, then the sources with theirs. Importing the same file
    /// twice changes nothing.
    public func importJSON(_ data: Data, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> ImportOutcome {
        let contents = try Self.read(data)
        let file = contents.bookmarks
        let limits = documents?.limits ?? DocumentLimits()
        for (index, source) in contents.sources.enumerated() { try Self.check(source, index: index + 1, limits: limits) }
        var entries: [NetscapeEntry] = []
        entries.reserveCapacity(file.count)
        for (index, item) in file.enumerated() {
            guard let added = LinkdingDate.parse(item.dateAdded), let modified = LinkdingDate.parse(item.dateModified) else {
                throw LibraryExportError.badEntry(index: index + 1, reason: "its dates are not ISO 8601 date-times (2024-05-01T12:00:00Z)")
            }
            guard item.url.contains(where: { !$0.isWhitespace }) else { throw LibraryExportError.badEntry(index: index + 1, reason: "it has no URL") }
            if let ai = item.ai, LinkdingDate.parse(ai.updatedAt) == nil {
                throw LibraryExportError.badEntry(index: index + 1, reason: "its AI metadata's date is unreadable")
            }
            for highlight in item.highlights {
                guard LinkdingDate.parse(highlight.createdAt) != nil, LinkdingDate.parse(highlight.updatedAt) != nil else {
                    throw LibraryExportError.badEntry(index: index + 1, reason: "a highlight's date is unreadable")
                }
                do {
                    _ = try HighlightDraft(quote: highlight.quote, prefix: highlight.prefix, suffix: highlight.suffix, note: highlight.note).validated()
                } catch {
                    throw LibraryExportError.badEntry(index: index + 1, reason: "a highlight: \(error)")
                }
            }
            if let page = item.page {
                do {
                    _ = try PageArchive.checked(page)
                } catch {
                    throw LibraryExportError.badEntry(index: index + 1, reason: "its page text: \(error)")
                }
            }
            if let stop = item.reading?.position, ReadingPosition(block: stop.block, within: stop.within, quote: stop.quote, fraction: stop.fraction) == nil {
                throw LibraryExportError.badEntry(index: index + 1, reason: "its reading position is out of range")
            }
            entries.append(NetscapeEntry(url: item.url, title: item.title, description: item.description, notes: item.notes,
                                         tags: item.tags, dateAdded: added, dateModified: modified, unread: item.unread,
                                         shared: item.shared, archived: item.archived))
        }
        let report = try await library.importEntries(entries, progress: progress)
        let sourcesAdded = try await restoreSources(contents.sources)
        guard file.contains(where: { $0.ai != nil || !$0.highlights.isEmpty || $0.page != nil || $0.reading != nil }) else {
            return ImportOutcome(bookmarks: report, highlightsAdded: 0, aiRestored: 0, sourcesAdded: sourcesAdded)
        }
        // The bookmarks as saved, by URL, for their ids.
        var saved: [String: Bookmark] = [:]
        for bookmark in try await library.exportedBookmarks() {
            saved[bookmark.url] = bookmark
            saved[URLNormalizer.normalize(bookmark.url)] = saved[URLNormalizer.normalize(bookmark.url)] ?? bookmark
        }
        var ai: [(bookmark: Bookmark, metadata: AIMetadata)] = []
        var restored: [HighlightStore.Restored] = []
        var pages: [(url: String, page: MarksExportFile.Page)] = []
        var reads: [Int: ReadingStateStore.Entry] = [:]
        for item in file {
            guard let bookmark = saved[item.url] ?? saved[URLNormalizer.normalize(item.url)] else { continue }
            if let page = item.page { pages.append((bookmark.url, page)) }
            if let kept = item.reading { reads[bookmark.id] = Self.entry(kept) }
            if let kept = item.ai, let date = LinkdingDate.parse(kept.updatedAt) {
                ai.append((bookmark, AIMetadata(summary: kept.summary, tags: kept.tags, engine: kept.engine, updatedAt: date)))
            }
            for highlight in item.highlights {
                guard let created = LinkdingDate.parse(highlight.createdAt), let updated = LinkdingDate.parse(highlight.updatedAt) else { continue }
                restored.append(HighlightStore.Restored(
                    bookmarkID: bookmark.id, url: bookmark.url,
                    draft: HighlightDraft(quote: highlight.quote, prefix: highlight.prefix, suffix: highlight.suffix, note: highlight.note),
                    createdAt: created, updatedAt: updated))
            }
        }
        if !ai.isEmpty { try await library.restoreAIMetadata(ai) }
        var added = 0
        if !restored.isEmpty {
            guard let highlights else { throw LibraryExportError.output("this library keeps no highlights") }
            added = try highlights.restore(restored, source: library.source.identity)
        }
        let pagesRestored = try await archive?.restore(pages) ?? 0
        let readingRestored = reading?.restore(reads) ?? 0
        return ImportOutcome(bookmarks: report, highlightsAdded: added, aiRestored: ai.count, pagesRestored: pagesRestored,
                             readingRestored: readingRestored, sourcesAdded: sourcesAdded)
    }

    /// A reading state from the file (its position checked before anything was written).
    static func entry(_ kept: MarksExportFile.Reading) -> ReadingStateStore.Entry {
        var position: ReadingPosition?
        if let stop = kept.position {
            position = ReadingPosition(block: stop.block, within: stop.within, quote: stop.quote, fraction: stop.fraction)
        }
        var progress: Double?
        if let fraction = kept.progress, fraction.isFinite { progress = min(1, max(0, fraction)) }
        var words: Int?
        if let count = kept.words { words = max(0, count) }
        return ReadingStateStore.Entry(progress: progress, words: words, position: position)
    }

    /// The file's bookmarks, or why it cannot be read: not JSON (cut short), not a Marks export, a newer version, an
    /// entry of the wrong shape.
    static func read(_ data: Data) throws -> MarksExportFile.Contents {
        let decoder = JSONDecoder()
        let header: MarksExportFile.Header
        do {
            header = try decoder.decode(MarksExportFile.Header.self, from: data)
        } catch DecodingError.dataCorrupted(let context) {
            throw LibraryExportError.notJSON(context.underlyingError.map { "\($0)" } ?? context.debugDescription)
        } catch {
            throw LibraryExportError.notAMarksExport
        }
        guard header.format == MarksExportFile.format, let version = header.version else { throw LibraryExportError.notAMarksExport }
        guard version <= MarksExportFile.version else { throw LibraryExportError.newerVersion(version) }
        do {
            return try decoder.decode(MarksExportFile.Contents.self, from: data)
        } catch let error as DecodingError {
            throw LibraryExportError.badEntry(index: Self.entryIndex(error), reason: Self.describe(error))
        }
    }

    /// The bookmark (from 1) a decoding error is in, 0 when it is outside them.
    private static func entryIndex(_ error: DecodingError) -> Int {
        let path: [CodingKey]
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            path = context.codingPath
        @unknown default:
            path = []
        }
        return path.dropFirst().first?.intValue.map { $0 + 1 } ?? 0
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "the field \"\(key.stringValue)\" is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            "\(context.codingPath.last.map { "\"\($0.stringValue)\": " } ?? "")\(context.debugDescription)"
        @unknown default: "\(error)"
        }
    }
}
