import Foundation
import MarksBookmarks
import MarksCore

extension LibraryExport {
    /// What a Marks export brought back.
    public struct ImportOutcome: Sendable, Equatable {
        /// The bookmarks' import (created, updated, problems).
        public var bookmarks: ImportReport
        /// Highlights added (those already there are left as the file has them).
        public var highlightsAdded: Int
        /// Bookmarks whose AI summary and tags were put back.
        public var aiRestored: Int
    }

    /// Whether `data` begins as a Marks export (its opening names the format), for `marks import` and Settings →
    /// Import to tell it from a bookmark file before reading it.
    public static func recognises(_ data: Data) -> Bool {
        let opening = String(decoding: data.prefix(512), as: UTF8.self)
        return opening.drop(while: \.isWhitespace).hasPrefix("{") && opening.contains("\"\(MarksExportFile.format)\"")
    }

    /// Reads a Marks export whole and checks every entry before anything is written (`LibraryExportError` for a file
    /// cut short, of a newer version or with an unreadable entry: nothing imported), then imports its bookmarks
    /// (`LibraryService.importEntries`: an existing URL updated, never duplicated) and puts back their AI metadata
    /// and highlights. Importing the same file twice changes nothing.
    public func importJSON(_ data: Data, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> ImportOutcome {
        let file = try Self.read(data)
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
            entries.append(NetscapeEntry(url: item.url, title: item.title, description: item.description, notes: item.notes,
                                         tags: item.tags, dateAdded: added, dateModified: modified, unread: item.unread,
                                         shared: item.shared, archived: item.archived))
        }
        let report = try await library.importEntries(entries, progress: progress)
        guard file.contains(where: { $0.ai != nil || !$0.highlights.isEmpty }) else {
            return ImportOutcome(bookmarks: report, highlightsAdded: 0, aiRestored: 0)
        }
        // The bookmarks as saved, by URL, for their ids.
        var saved: [String: Bookmark] = [:]
        for bookmark in try await library.exportedBookmarks() {
            saved[bookmark.url] = bookmark
            saved[URLNormalizer.normalize(bookmark.url)] = saved[URLNormalizer.normalize(bookmark.url)] ?? bookmark
        }
        var ai: [(bookmark: Bookmark, metadata: AIMetadata)] = []
        var restored: [HighlightStore.Restored] = []
        for item in file {
            guard let bookmark = saved[item.url] ?? saved[URLNormalizer.normalize(item.url)] else { continue }
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
        return ImportOutcome(bookmarks: report, highlightsAdded: added, aiRestored: ai.count)
    }

    /// The file's bookmarks, or why it cannot be read: not JSON (cut short), not a Marks export, a newer version, an
    /// entry of the wrong shape.
    static func read(_ data: Data) throws -> [MarksExportFile.Bookmark] {
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
            return try decoder.decode(MarksExportFile.Contents.self, from: data).bookmarks
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
