import Foundation
import MarksCore
import MarksDocuments

extension LibraryExport {
    /// The live sources, oldest first, each with its original and its highlights; none without a sources library.
    func exportedSources() throws -> [MarksExportFile.Source] {
        guard let documents else { return [] }
        return try documents.list().sorted { ($0.createdAt, $0.number) < ($1.createdAt, $1.number) }.map { summary in
            var text: String?
            var original: String?
            if summary.kind != .text, let file = try documents.originalFile(id: summary.id) {
                do {
                    original = try Data(contentsOf: file).base64EncodedString()
                } catch {
                    throw LibraryExportError.output("the original of source \(summary.shortID) could not be read: \(error)")
                }
            } else {
                text = try documents.source(id: summary.id).body
            }
            let marked = try highlights?.highlights(documentID: summary.id) ?? []
            return MarksExportFile.Source(
                kind: summary.kind.rawValue, title: summary.title, tags: summary.tags,
                filename: summary.originalFilename, mediaType: summary.mediaType, sha256: summary.sha256,
                createdAt: LinkdingDate.format(summary.createdAt), text: text, original: original,
                highlights: marked.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.map(Self.exported))
        }
    }

    /// A highlight as the export holds it.
    static func exported(_ highlight: Highlight) -> MarksExportFile.Highlight {
        MarksExportFile.Highlight(quote: highlight.anchor.quote, prefix: highlight.anchor.prefix, suffix: highlight.anchor.suffix,
                                  note: highlight.note, createdAt: LinkdingDate.format(highlight.createdAt),
                                  updatedAt: LinkdingDate.format(highlight.updatedAt))
    }

    /// Checks a source of the file before anything is written: its dates, its original (and its size against `limits`),
    /// its highlights.
    static func check(_ source: MarksExportFile.Source, index: Int, limits: DocumentLimits) throws {
        let fail = { (reason: String) in LibraryExportError.badSource(index: index, reason: reason) }
        guard DocumentKind(rawValue: source.kind) != nil else { throw fail("its kind \"\(source.kind.prefix(20))\" is not text, pdf or file") }
        guard LinkdingDate.parse(source.createdAt) != nil else { throw fail("its date is not an ISO 8601 date-time") }
        if source.kind == DocumentKind.text.rawValue {
            guard let text = source.text, text.contains(where: { !$0.isWhitespace }) else { throw fail("it has no text") }
            guard text.utf8.count <= limits.maximumTextBytes else { throw fail("its text is over \(limits.maximumTextBytes >> 20) MB") }
        } else {
            guard let original = source.original, let bytes = Data(base64Encoded: original) else { throw fail("its original is not base64") }
            guard bytes.count <= limits.maximumFileBytes else { throw fail("its original is over \(limits.maximumFileBytes >> 20) MB") }
        }
        for highlight in source.highlights {
            guard LinkdingDate.parse(highlight.createdAt) != nil, LinkdingDate.parse(highlight.updatedAt) != nil else {
                throw fail("a highlight's date is unreadable")
            }
            do {
                _ = try HighlightDraft(quote: highlight.quote, prefix: highlight.prefix, suffix: highlight.suffix, note: highlight.note).validated()
            } catch {
                throw fail("a highlight: \(error)")
            }
        }
    }

    /// Adds the file's sources (one with the same content is already here: kept, not doubled) and their highlights;
    /// returns how many sources were added. Each original is written where an upload would stream it, then imported.
    func restoreSources(_ sources: [MarksExportFile.Source]) async throws -> Int {
        guard !sources.isEmpty else { return 0 }
        guard let documents else { throw LibraryExportError.output("this library keeps no sources") }
        var added = 0
        var restored: [HighlightStore.Restored] = []
        for source in sources {
            let created = LinkdingDate.parse(source.createdAt)
            let title = source.title.isEmpty ? nil : source.title
            let addition: DocumentAddition
            if source.kind == DocumentKind.text.rawValue, let text = source.text {
                addition = try await documents.addText(text, title: title, tags: source.tags, createdAt: created)
            } else if let original = source.original, let bytes = Data(base64Encoded: original) {
                let file = try documents.uploadFile()
                do {
                    try bytes.write(to: file)
                } catch {
                    try? FileManager.default.removeItem(at: file)  // safe: the write's error is thrown; a leftover upload file is removed when the library opens
                    throw LibraryExportError.output("source \(source.sha256.prefix(8)) could not be staged: \(error)")
                }
                addition = try await documents.importUpload(file, filename: source.filename ?? "untitled", title: title,
                                                            tags: source.tags, createdAt: created)
            } else {
                continue
            }
            if case .added = addition { added += 1 }
            for highlight in source.highlights {
                guard let createdAt = LinkdingDate.parse(highlight.createdAt), let updatedAt = LinkdingDate.parse(highlight.updatedAt) else { continue }
                restored.append(HighlightStore.Restored(
                    owner: .document(addition.summary.id),
                    draft: HighlightDraft(quote: highlight.quote, prefix: highlight.prefix, suffix: highlight.suffix, note: highlight.note),
                    createdAt: createdAt, updatedAt: updatedAt))
            }
        }
        if !restored.isEmpty {
            guard let highlights else { throw LibraryExportError.output("this library keeps no highlights") }
            try highlights.restore(restored, source: library.source.identity)
        }
        return added
    }
}
