import Foundation
import HTMLExtraction
import SystemSupport

/// Turns an imported file into text, in child processes with limits for anything that parses a hostile format:
/// PDFs with `pdftotext -enc UTF-8 FILE -` (poppler-utils), falling back to `mutool draw -F txt` (mupdf-tools,
/// run as a process only) when poppler fails; text files as UTF-8, UTF-16 (BOM) or Latin-1; Markdown as text;
/// HTML through the readable-text extractor; binary data stored without text. A child that hangs, bombs its
/// memory or floods its output is killed at its limits, and the file is kept with the reason.
public struct DocumentExtractor: Sendable {
    /// The extraction programs found on this machine (nil: not installed).
    public struct Tools: Sendable, Equatable {
        public var pdftotext: String?
        public var mutool: String?
        public var pdftoppm: String?
        public var tesseract: String?
        /// poppler-utils' `pdfinfo`, for a PDF's own title.
        public var pdfinfo: String?

        /// Tools at these paths.
        public init(pdftotext: String?, mutool: String?, pdftoppm: String? = nil, tesseract: String? = nil, pdfinfo: String? = nil) {
            self.pdftotext = pdftotext
            self.mutool = mutool
            self.pdftoppm = pdftoppm
            self.tesseract = tesseract
            self.pdfinfo = pdfinfo
        }

        /// The tools on `path` (a `PATH` value; nil for the standard one).
        public static func find(path: String?) -> Tools {
            Tools(pdftotext: ProcessRunner.find("pdftotext", path: path), mutool: ProcessRunner.find("mutool", path: path),
                  pdftoppm: ProcessRunner.find("pdftoppm", path: path), tesseract: ProcessRunner.find("tesseract", path: path),
                  pdfinfo: ProcessRunner.find("pdfinfo", path: path))
        }

        /// OCR needs `pdftoppm` (to render a page) and `tesseract` (tesseract-ocr + tesseract-ocr-eng).
        public var canOCR: Bool { pdftoppm != nil && tesseract != nil }
    }

    public var tools: Tools
    public var runner: ProcessRunner
    /// Limits of each extraction child (default: 60 s, 60 s of CPU, 1 GB of address space, no files, 64 MB of text).
    public var limits: ProcessLimits
    /// UTF-8 bytes of text kept.
    public var maximumTextBytes: Int

    /// The default limits of one extraction child.
    public static let defaultLimits = ProcessLimits(wallClock: .seconds(60), cpuSeconds: 60, addressSpaceBytes: 1 << 30,
                                                    fileSizeBytes: 0, outputBytes: 64 << 20)

    /// An extractor.
    public init(tools: Tools, runner: ProcessRunner = ProcessRunner(), limits: ProcessLimits = DocumentExtractor.defaultLimits,
                maximumTextBytes: Int = DocumentLimits().maximumTextBytes) {
        self.tools = tools
        self.runner = runner
        self.limits = limits
        self.maximumTextBytes = maximumTextBytes
    }

    /// The text of `file` (the stored original); `filename` is the name it had (metadata, used as a hint only).
    public func extract(file: URL, filename: String?, byteSize: Int) async throws -> Extraction {
        let head = try Self.readHead(file)
        let lowerName = (filename ?? "").lowercased()
        if head.starts(with: Array("%PDF-".utf8)) || (lowerName.hasSuffix(".pdf") && head.starts(with: [0x25])) {
            return try await extractPDF(file)
        }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) || lowerName.hasSuffix(".epub") {
            guard lowerName.hasSuffix(".epub") || Self.isEPUB(head: head) else {
                return .none(kind: .file, mediaType: "application/zip", reason: "a ZIP archive is not text")
            }
            let book = EPUBReader(maximumTextBytes: maximumTextBytes).read(file)
            var extraction = book.extraction
            let kept = cut(extraction.text)
            if kept.note != nil {
                extraction.text = kept.text
                extraction.pages = []
                extraction.note = [extraction.note, kept.note].compactMap { $0 }.joined(separator: "; ")
            }
            extraction.title = book.title
            return extraction
        }
        // Binary data is told from its first 64 KB when they hold a NUL without a BOM (`TextDecoding` would say
        // the same of the whole file), so a large binary file is never read into memory whole.
        if TextDecoding.hasNULWithoutBOM(try Self.read(file, limit: min(byteSize, 64 * 1024))) {
            return .none(kind: .file, mediaType: "application/octet-stream", reason: "the file is binary data, not text")
        }
        let bytes = try Self.read(file, limit: byteSize)
        guard let (text, charset) = TextDecoding.decode(bytes) else {
            return .none(kind: .file, mediaType: "application/octet-stream", reason: "the file is binary data, not text")
        }
        if Self.isHTML(name: lowerName, text: text) {
            let readable = try HTMLDocument(html: text).readableText()
            let kept = cut(readable.text)
            return Extraction(kind: .file, mediaType: "text/html; charset=\(charset)", text: kept.text,
                              note: readable.text.isEmpty ? "no text could be extracted: the page has no readable text" : kept.note)
        }
        let mediaType = (lowerName.hasSuffix(".md") || lowerName.hasSuffix(".markdown") ? "text/markdown" : "text/plain") + "; charset=\(charset)"
        let kept = cut(text)
        return Extraction(kind: .file, mediaType: mediaType, text: kept.text,
                          note: text.isEmpty ? "no text could be extracted: the file is empty" : kept.note)
    }

    /// A PDF's text: poppler first, mupdf when poppler fails (not when it was stopped at a limit).
    func extractPDF(_ file: URL) async throws -> Extraction {
        let mediaType = "application/pdf"
        var reasons: [String] = []
        if let pdftotext = tools.pdftotext {
            let outcome = try await runner.run(pdftotext, ["-enc", "UTF-8", file.path, "-"], limits: limits)
            if outcome.succeeded {
                var extraction = pdf(from: outcome.output, tool: nil)
                extraction.title = try await pdfTitle(file)
                return extraction
            }
            if outcome.errorOutput.localizedCaseInsensitiveContains("password") || outcome.errorOutput.localizedCaseInsensitiveContains("encrypt") {
                return .none(kind: .pdf, mediaType: mediaType, reason: "the PDF is encrypted (it needs a password)")
            }
            reasons.append("pdftotext: " + outcome.summary)
            if [.timedOut, .outputLimit, .cancelled].contains(outcome.termination) || outcome.termination == .signalled(SIGXCPU) {
                return .none(kind: .pdf, mediaType: mediaType, reason: "the extractor was stopped (\(reasons.joined(separator: "; ")))")
            }
        }
        if let mutool = tools.mutool {
            let outcome = try await runner.run(mutool, ["draw", "-q", "-F", "txt", "-o", "-", file.path], limits: limits)
            if outcome.succeeded, !outcome.output.isEmpty { return pdf(from: outcome.output, tool: "mutool") }
            reasons.append("mutool: " + (outcome.succeeded ? "no text" : outcome.summary))
        }
        if reasons.isEmpty { return .none(kind: .pdf, mediaType: mediaType, reason: "poppler-utils (pdftotext) is not installed") }
        return .none(kind: .pdf, mediaType: mediaType, reason: "the PDF could not be read (\(reasons.joined(separator: "; ")))")
    }

    /// The PDF's own Title (from `pdfinfo`), when it is one a person would use: not empty, not "untitled", not a
    /// file name such as "Microsoft Word - report.docx". Nil when pdfinfo is missing or fails.
    func pdfTitle(_ file: URL) async throws -> String? {
        guard let pdfinfo = tools.pdfinfo else { return nil }
        var limits = self.limits
        limits.outputBytes = 1 << 20
        let outcome = try await runner.run(pdfinfo, ["-enc", "UTF-8", file.path], limits: limits)
        guard outcome.succeeded else { return nil }
        let line = String(decoding: outcome.output, as: UTF8.self).split(whereSeparator: \.isNewline).first { $0.hasPrefix("Title:") }
        return line.flatMap { Self.usableTitle(String($0.dropFirst("Title:".count))) }
    }

    /// A document's own title cleaned (control characters dropped, white space collapsed, at most 500
    /// characters), or nil when it is not one a person would use.
    static func usableTitle(_ raw: String) -> String? {
        let printable = String(String.UnicodeScalarView(raw.unicodeScalars.filter {
            $0.properties.isWhitespace || ($0.properties.generalCategory != .control && $0.properties.generalCategory != .format && $0 != "\u{FFFD}")
        }))
        var title = printable.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for prefix in ["Microsoft Word - ", "Microsoft PowerPoint - ", "Microsoft Excel - "] where title.hasPrefix(prefix) {
            title.removeFirst(prefix.count)
        }
        let lower = title.lowercased()
        guard title.unicodeScalars.contains(where: { $0.properties.isAlphabetic }), !["untitled", "title", "document", "untitled document"].contains(lower) else {
            return nil
        }
        let fileExtensions = [".doc", ".docx", ".pdf", ".tex", ".dvi", ".indd", ".odt", ".rtf", ".ps", ".qxd", ".pages", ".txt", ".ppt", ".pptx", ".xls", ".xlsx"]
        if fileExtensions.contains(where: { lower.hasSuffix($0) }) { return nil }
        return String(title.prefix(500))
    }

    /// The first entry of an EPUB's ZIP is `mimetype`, stored, holding `application/epub+zip`.
    private static func isEPUB(head: [UInt8]) -> Bool {
        let marker = Array("mimetypeapplication/epub+zip".utf8)
        guard head.count >= 30 + marker.count else { return false }
        return Array(head[30..<(30 + marker.count)]) == marker
    }

    /// Pages from the tools' output: pages end with a form feed.
    private func pdf(from output: [UInt8], tool: String?) -> Extraction {
        let text = String(decoding: output, as: UTF8.self)
        var pages = text.split(separator: "\u{0C}", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if pages.count > 1, pages.last?.isEmpty == true { pages.removeLast() }
        let body = pages.filter { !$0.isEmpty }.joined(separator: "\n\n")
        let kept = cut(body)
        if body.isEmpty {
            let ocr = tools.canOCR ? "its pages are images (OCR can read them)" : "its pages are images, and OCR is not installed (tesseract-ocr, tesseract-ocr-eng)"
            return .none(kind: .pdf, mediaType: "application/pdf", pageCount: pages.count, reason: ocr)
        }
        let empty = pages.filter(\.isEmpty).count
        var notes: [String] = []
        if let kept = kept.note { notes.append(kept) }
        if empty > 0 { notes.append("\(empty) of \(pages.count) pages have no text") }
        if let tool { notes.append("read with \(tool) (poppler could not)") }
        return Extraction(kind: .pdf, mediaType: "application/pdf", text: kept.text, pages: kept.note == nil ? pages : [],
                          pageCount: pages.count, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// `text` cut to `maximumTextBytes` at a character boundary, and a note when it was cut.
    private func cut(_ text: String) -> (text: String, note: String?) {
        guard text.utf8.count > maximumTextBytes else { return (text, nil) }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: maximumTextBytes)
        while end > text.startIndex && end.samePosition(in: text.unicodeScalars) == nil { end = text.utf8.index(before: end) }
        return (String(text[..<end]), "only the first \(DocumentError.megabytes(maximumTextBytes)) of text were kept")
    }

    private static func isHTML(name: String, text: String) -> Bool {
        if name.hasSuffix(".html") || name.hasSuffix(".htm") || name.hasSuffix(".xhtml") { return true }
        let start = text.prefix(512).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
    }

    private static func readHead(_ file: URL) throws -> [UInt8] {
        try read(file, limit: 1024)
    }

    private static func read(_ file: URL, limit: Int) throws -> [UInt8] {
        do {
            let handle = try FileHandle(forReadingFrom: file)
            defer { do { try handle.close() } catch {} } // read-only: nothing to flush
            return Array(try handle.read(upToCount: max(0, limit)) ?? Data())
        } catch {
            throw DocumentError.file(path: file.path, reason: error.localizedDescription)
        }
    }
}
