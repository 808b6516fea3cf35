import Foundation
import MarksJobs
import SystemSupport

extension DocumentLibrary {
    /// The job kind that reads a PDF's image-only pages with OCR (key: the source's uuid).
    public static let ocrKind = "sources.ocr"

    /// The payload of a `sources.ocr` job.
    public struct OCRPayload: Codable, Sendable, Equatable {
        /// The source's uuid.
        public var id: String
    }

    /// The most pages OCR reads of one document (issue 35: each page is a pdftoppm and a tesseract run of seconds, so
    /// a PDF of thousands of image pages would hold the OCR job for hours); the rest stay without text, as the note says.
    public static let maxOCRPages = 200

    /// The pages of `source` OCR could read: a PDF's pages without text, while its text is still the extracted one
    /// (an edited text has no pages), at most `maxOCRPages` of them. Empty when there are none or OCR is not installed.
    public func pagesForOCR(_ source: StoredDocument) -> [Int] {
        Array(imagePages(source).prefix(Self.maxOCRPages))
    }

    /// Every page of `source` without text that OCR could read, however many.
    private func imagePages(_ source: StoredDocument) -> [Int] {
        guard source.summary.kind == .pdf, extractor.tools.canOCR, let count = source.summary.pageCount, count > 0 else { return [] }
        if source.pages.isEmpty { return source.body.isEmpty ? Array(1...count) : [] }
        return source.pages.enumerated().filter { $0.element.isEmpty }.map { $0.offset + 1 }
    }

    /// The `sources.ocr` job for `source`, or nil when it has no pages OCR could read.
    public func ocrJob(for source: StoredDocument) throws -> JobRequest? {
        guard !pagesForOCR(source).isEmpty else { return nil }
        let id = source.summary.id.uuidString.lowercased()
        return try JobRequest(kind: Self.ocrKind, key: id, payload: OCRPayload(id: id), maxAttempts: 2)
    }

    /// The `sources.ocr` kind: one job at a time (tesseract with one thread, the other core stays free), its
    /// progress page by page.
    public func ocrJobKind() -> JobKind {
        JobKind(Self.ocrKind, concurrency: 1, retry: .job(maxAttempts: 2)) { context in
            let payload = try context.payload(as: OCRPayload.self)
            guard let id = UUID(uuidString: payload.id) else { throw DocumentError.notFound(payload.id) }
            _ = try await recognize(id: id) { done, total in
                context.report(JobProgress(done: done, total: total, text: "OCR: page \(done) of \(total)"))
            }
        }
    }

    /// Reads the source's image-only pages with `pdftoppm` (render at 200 dpi, grey) and `tesseract` (English,
    /// `OMP_THREAD_LIMIT=1`), each in a limited child process, then stores the pages' text; `progress` gets
    /// (pages done, pages to read). A page OCR cannot read stays empty; the note says how many.
    public func recognize(id: UUID, progress: @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> StoredDocument {
        let source = try self.source(id: id)
        let wanted = pagesForOCR(source)
        let skipped = imagePages(source).count - wanted.count
        guard !wanted.isEmpty, let pdftoppm = extractor.tools.pdftoppm, let tesseract = extractor.tools.tesseract,
              let count = source.summary.pageCount else { return source }
        let original = files.original(id)
        let work = try files.incomingFile()
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { files.discard(work) }
        var pages = source.pages.isEmpty ? Array(repeating: "", count: count) : source.pages
        var limits = extractor.limits
        limits.fileSizeBytes = 256 << 20
        var failures: [String] = []
        for (done, page) in wanted.enumerated() {
            try Task.checkCancellation()
            progress(done, wanted.count)
            let prefix = work.appendingPathComponent("page").path
            let rendered = try await extractor.runner.run(pdftoppm, ["-r", "200", "-gray", "-png", "-f", "\(page)", "-l", "\(page)",
                                                                     "-singlefile", original.path, prefix], limits: limits)
            guard rendered.succeeded else { failures.append("p. \(page): \(rendered.summary)"); continue }
            let read = try await extractor.runner.run(tesseract, [prefix + ".png", "-", "-l", "eng"],
                                                      environment: ["OMP_THREAD_LIMIT": "1"], limits: limits)
            guard read.succeeded else { failures.append("p. \(page): \(read.summary)"); continue }
            pages[page - 1] = String(decoding: read.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        progress(wanted.count, wanted.count)
        let empty = pages.filter(\.isEmpty).count
        var notes = ["\(wanted.count - failures.count) page\(wanted.count == 1 ? "" : "s") read by OCR"]
        if empty > 0 { notes.append("\(empty) of \(count) pages have no text") }
        if !failures.isEmpty { notes.append("OCR failed on " + failures.joined(separator: ", ")) }
        if skipped > 0 { notes.append("OCR reads at most \(Self.maxOCRPages) pages of a document: \(skipped) more were not read") }
        let note = empty == count ? "no text could be extracted: " + notes.joined(separator: "; ") : notes.joined(separator: "; ")
        guard let stored = try store.replaceText(id: id, pages: pages, note: note, now: now()) else {
            throw DocumentError.notFound(id.uuidString.lowercased())
        }
        await observer?.saved([stored])
        return stored
    }
}
